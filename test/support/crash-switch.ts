import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';

/** Whether a statement is the one the crash comes at (it sees the statement's tree). */
export type StatementMatch = (node: RootOperationNode) => boolean;

/** A raw `sql` statement whose text matches (the job queue's statements are raw). */
export const rawSql =
  (pattern: RegExp): StatementMatch =>
  (node) =>
    node.kind === 'RawNode' && pattern.test(node.sqlFragments.join('?'));

/** An UPDATE of `table` that sets `column` (a builder statement, as the outbox's `markSent`). */
export const updateSetting =
  (table: string, column: string): StatementMatch =>
  (node) => {
    if (node.kind !== 'UpdateQueryNode') return false;
    const text = JSON.stringify(node);
    return (
      text.includes(`"name":"${table}"`) &&
      text.includes(`"column":{"kind":"IdentifierNode","name":"${column}"}`)
    );
  };

/** The job queue's done mark (job-queue.ts `markDone`): the step after a job's own writes. */
export const jobDoneMark = rawSql(/^\s*UPDATE jobs SET state = 'done'/);

/**
 * A process crash, injected through the app's database dependency (buildTestApp's
 * `plugins`): once armed, the statement that matches never runs, and neither does
 * any statement after it, as when the process dies at that instant (its open
 * transaction is rolled back, as PostgreSQL does for a dead connection). `restart()`
 * is the process coming back: statements run again.
 */
export function crashSwitch() {
  let armed: StatementMatch | null = null;
  let crashed = false;
  let crashes = 0;
  const dead = () => new Error('the process crashed here (injected)');
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      if (crashed) throw dead();
      if (armed?.(node)) {
        armed = null;
        crashed = true;
        crashes++;
        throw dead();
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
  return {
    plugin,
    /** The next statement that matches is where the process dies. */
    arm(match: StatementMatch): void {
      armed = match;
    },
    restart(): void {
      armed = null;
      crashed = false;
    },
    get crashes() {
      return crashes;
    },
  };
}
