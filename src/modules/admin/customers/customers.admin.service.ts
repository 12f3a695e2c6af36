import type { AppContext } from '../../../context.js';
import { inTransaction } from '../../../db/transaction.js';
import { notFound } from '../../../http/errors.js';
import { decodeIdCursor, encodeIdCursor } from '../../../http/id-cursor.js';
import { customerSessions } from '../../accounts/customer-sessions.js';
import {
  ALL_TOKEN_KINDS,
  customerTokensRepository,
} from '../../accounts/customer-tokens.repository.js';
import { cartRepository } from '../../commerce/cart.repository.js';
import { adminCustomersRepository } from './customers.admin.repository.js';

export function adminCustomersService(
  ctx: Pick<AppContext, 'db' | 'clock' | 'random' | 'metrics' | 'webhookEvents'>,
) {
  const customers = adminCustomersRepository(ctx.db);

  async function row(id: number) {
    const found = await customers.row(id);
    if (!found) throw notFound('No such customer.');
    return found;
  }

  return {
    async list(query: {
      q?: string;
      status?: 'active' | 'disabled';
      limit?: number;
      cursor?: string;
    }) {
      const limit = query.limit ?? 50;
      const page = await customers.list({
        ...(query.q !== undefined ? { q: query.q } : {}),
        ...(query.status !== undefined ? { status: query.status } : {}),
        limit,
        ...(query.cursor !== undefined ? { afterId: decodeIdCursor(query.cursor) } : {}),
      });
      const more = page.length > limit;
      const shown = more ? page.slice(0, limit) : page;
      return {
        customers: shown,
        next_cursor: more ? encodeIdCursor(shown[shown.length - 1]!.id) : null,
      };
    },

    /** The one-customer view: the list row, favorites, live holds and purchases. */
    async detail(id: number) {
      const [found, favorites_count, holds, purchases] = await Promise.all([
        row(id),
        customers.favoritesCount(id),
        customers.holds(id, ctx.clock.now()),
        customers.purchases(id),
      ]);
      return { ...found, favorites_count, holds, purchases };
    },

    /**
     * Spec 3 (Customer account): in one transaction, mark the account disabled,
     * delete its sessions (an existing cookie stops working at once), release only
     * the items it still holds as reserved (a sold item is never touched), and end
     * its outstanding email tokens, so a reset link sent before the disable stays
     * dead even after a later re-enable. In the lock order of every account
     * operation (docs/decisions.md): customer row, tokens, sessions, items.
     */
    async disable(id: number) {
      const now = ctx.clock.now();
      const released = await inTransaction(ctx.db, async (trx) => {
        if (!(await customers.disable(trx, id, now))) throw notFound('No such customer.');
        await customerTokensRepository(trx).supersede(id, ALL_TOKEN_KINDS, now);
        await customerSessions(trx, ctx.random).endAllOf(id);
        const ids = await cartRepository(trx).releaseAllOf(id, now);
        await ctx.webhookEvents.items(trx, 'item.released', ids);
        return ids;
      });
      ctx.metrics.holdsEnded.inc({ reason: 'released' }, released.length);
      return row(id);
    },

    /** Sign-in is possible again; released items are not given back (spec 3). */
    async enable(id: number) {
      if (!(await customers.enable(id, ctx.clock.now()))) throw notFound('No such customer.');
      return row(id);
    },
  };
}
