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
  private recording: RootOperationNode[] | null = null;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count++;
    if (mayWrite(args.node)) this.writes++;
    this.recording?.push(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements `run` sent; with `which`, only those it picks. */
  async during(
    run: () => Promise<unknown>,
    which: (node: RootOperationNode) => boolean = () => true,
  ): Promise<number> {
    const recorded: RootOperationNode[] = [];
    this.recording = recorded;
    try {
      await run();
    } finally {
      this.recording = null;
    }
    return recorded.filter(which).length;
  }
}
