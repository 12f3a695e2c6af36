import type { Db } from '../../db/database.js';
import { invoicesRepository } from './invoices.repository.js';

/** The invoice and credit notes of some orders, as the Order shape names them. */
export interface OrderDocuments {
  invoices: Array<{ order_id: number; number: string; issued_at: Date }>;
  creditNotes: Array<{ order_id: number; number: string; issued_at: Date; amount_cents: number }>;
}

export const NO_DOCUMENTS: OrderDocuments = { invoices: [], creditNotes: [] };

export async function documentsOf(db: Db, orderIds: number[]): Promise<OrderDocuments> {
  const documents = invoicesRepository(db);
  const [invoices, creditNotes] = await Promise.all([
    documents.invoicesOf(orderIds),
    documents.creditNotesOf(orderIds),
  ]);
  return { invoices, creditNotes };
}
