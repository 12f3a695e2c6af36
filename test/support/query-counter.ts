import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

const WRITE_NODES = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);

/** Whether a statement may write: a write node, or raw SQL that is not a SELECT. */
function mayWrite(node: RootOperationNode): boolean {
  if (WRITE_NODES.has(node.kind)) return true;
  if (node.kind !== 'RawNode') return false;
  return !/^\s*select\b/i.test(node.sqlFragments[0] ?? '');
}

/**
 * Counts the statements an app sends (buildTestApp's `plugins`): for "costs no
 * query", and, in `writes`, for "changes nothing" even where no row count moves.
 */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  writes = 0;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    if (mayWrite(args.node)) this.writes++;
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements `run` sent. */
  async during(run: () => Promise<unknown>): Promise<number> {
    const before = this.count;
    await run();
    return this.count - before;
  }
}
