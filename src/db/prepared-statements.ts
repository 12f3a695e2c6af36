import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';

/**
 * Statements asked often in one fixed shape (an item by id, a page's items by
 * ids) are kept parsed and planned on each PostgreSQL connection: named prepared
 * statements, so a storefront miss costs the database the execution alone. At
 * 100k items the item statement ran 12,900 times a second prepared against 2,800
 * unnamed (pgbench, 8 clients, 2026-11-24). Only shapes whose generic plan is as
 * good as a fresh one are named: a list search planned once for every price
 * bound and search word was 5× slower (docs/performance.md). Named by a digest of
 * their text, so two different statements never share a name.
 */
const names = new Map<string, string>();

/** Marks a compiled statement's text to be prepared once per connection; returns it unchanged. */
export function reusePlan<Q extends CompiledQuery>(compiled: Q): Q {
  if (!names.has(compiled.sql)) {
    names.set(
      compiled.sql,
      `shop_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`,
    );
  }
  return compiled;
}

interface QueryingClient {
  query: (...args: unknown[]) => unknown;
}

/**
 * Sends the statements marked by `reusePlan` as named ones on this pg client
 * (pg parses each name once per connection). Off behind a transaction-mode
 * pooler older than PgBouncer 1.21, which cannot follow a named statement from
 * one server connection to the next (DATABASE_PREPARED_STATEMENTS=off).
 */
export function nameReusedStatements(client: QueryingClient): void {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (name && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      return query({ name, text, values });
    }
    return query(...args);
  };
}
