import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DocumentSnapshot } from './invoice-snapshot.js';

export type DocumentKind = 'invoice' | 'credit_note';

/** All SQL of invoices and credit notes (migration 0092). */
export function invoicesRepository(db: Db) {
  return {
    /**
     * The next number of `kind` in `year`: one upsert that increments the counter row
     * and returns it. The row stays locked until the caller's transaction ends, so a
     * second payment at the same moment (on any instance) waits and takes the next
     * number; a rollback gives the number back. Never call outside a transaction.
     */
    async nextNumber(kind: DocumentKind, year: number): Promise<number> {
      const { rows } = await sql<{ last_number: number }>`
        INSERT INTO document_counters (kind, year, last_number) VALUES (${kind}, ${year}, 1)
        ON CONFLICT (kind, year)
          DO UPDATE SET last_number = document_counters.last_number + 1
        RETURNING last_number`.execute(db);
      return Number(rows[0]!.last_number);
    },

    async insertInvoice(row: {
      order_id: number;
      number: string;
      issued_at: Date;
      total_cents: number;
      snapshot: DocumentSnapshot;
    }): Promise<number> {
      const { id } = await db
        .insertInto('invoices')
        .values({ ...row, snapshot: JSON.stringify(row.snapshot) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async insertCreditNote(row: {
      invoice_id: number;
      order_id: number;
      number: string;
      issued_at: Date;
      amount_cents: number;
      snapshot: DocumentSnapshot;
    }): Promise<number> {
      const { id } = await db
        .insertInto('credit_notes')
        .values({ ...row, snapshot: JSON.stringify(row.snapshot) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    invoiceOfOrder(orderId: number) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    invoiceById(id: number) {
      return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The invoice, locked: credit notes against one invoice are issued one at a time. */
    lockInvoiceOfOrder(orderId: number) {
      return db
        .selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
    },

    invoicesOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('invoices')
        .select(['order_id', 'number', 'issued_at'])
        .where('order_id', 'in', orderIds)
        .execute();
    },

    creditNotesOf(orderIds: number[]) {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('credit_notes')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('id')
        .execute();
    },

    creditNoteByNumber(number: string) {
      return db
        .selectFrom('credit_notes')
        .selectAll()
        .where('number', '=', number)
        .executeTakeFirst();
    },
  };
}

export type InvoiceRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof invoicesRepository>['invoiceOfOrder']>>
>;
export type CreditNoteRow = Awaited<
  ReturnType<ReturnType<typeof invoicesRepository>['creditNotesOf']>
>[number];
