import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import { Nullable } from '../../http/schemas.js';
import { pagesRepository } from './pages.repository.js';
import { Page } from './pages.schemas.js';
import { rowToPage } from './pages.service.js';

/** GET /api/customers/me/orders/:id/legal: the pages exactly as the buyer accepted them. */
export const AcceptedPages = Type.Object(
  {
    terms: Nullable(Page),
    withdrawal: Nullable(Page),
  },
  { title: 'AcceptedPages' },
);

/** The versions an order recorded; null where none existed at its checkout. */
export async function acceptedPagesOf(
  db: Db,
  order: { terms_version: number | null; withdrawal_version: number | null },
) {
  const pages = pagesRepository(db);
  const [terms, withdrawal] = await Promise.all([
    order.terms_version === null ? undefined : pages.version('terms', order.terms_version),
    order.withdrawal_version === null
      ? undefined
      : pages.version('withdrawal', order.withdrawal_version),
  ]);
  return {
    terms: terms ? rowToPage(terms) : null,
    withdrawal: withdrawal ? rowToPage(withdrawal) : null,
  };
}
