import { type Kysely, sql } from 'kysely';

// Issue 34 items 3 and 4: tax kept with the order, invoices and credit notes.
// - orders.tax_breakdown: the tax as computed at checkout (mode, rate, VAT per line and
//   for shipping, the wording), so the invoice issued on payment shows what the buyer
//   agreed to even if the settings changed meanwhile. Null for orders from before.
// - document_counters: one row per (kind, year), its last number. A number is taken by
//   an upsert that increments the row under its row lock in the paying transaction:
//   two instances paying at once queue on that lock, and a rollback gives the number
//   back, so numbers are gapless in issue order (docs/decisions.md, "Invoice numbers").
// - invoices (one per order) and credit_notes (each refers to its invoice): the
//   snapshot holds everything the PDF shows. Both are immutable: a trigger refuses
//   any UPDATE or DELETE (an invoice is a legal record, kept as issued).
// - mail_outbox.invoice_id: the invoice a mail carries as a PDF, rendered at send time
//   from the snapshot, so the row stays small.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN tax_breakdown jsonb`.execute(db);
  await sql`
    CREATE TABLE document_counters (
      kind text NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
      year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
      last_number integer NOT NULL CHECK (last_number > 0),
      PRIMARY KEY (kind, year)
    )`.execute(db);
  await sql`
    CREATE TABLE invoices (
      id serial PRIMARY KEY,
      order_id integer NOT NULL UNIQUE REFERENCES orders(id),
      number text NOT NULL UNIQUE,
      issued_at timestamptz NOT NULL,
      total_cents integer NOT NULL,
      snapshot jsonb NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE credit_notes (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id),
      order_id integer NOT NULL REFERENCES orders(id),
      number text NOT NULL UNIQUE,
      issued_at timestamptz NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      snapshot jsonb NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX credit_notes_order_id ON credit_notes (order_id)`.execute(db);
  await sql`
    CREATE FUNCTION refuse_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows never change once issued', TG_TABLE_NAME
        USING ERRCODE = 'restrict_violation';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
      FOR EACH ROW EXECUTE FUNCTION refuse_document_change()`.execute(db);
  await sql`
    CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON credit_notes
      FOR EACH ROW EXECUTE FUNCTION refuse_document_change()`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN invoice_id integer REFERENCES invoices(id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_outbox DROP COLUMN invoice_id`.execute(db);
  await sql`DROP TRIGGER credit_notes_immutable ON credit_notes`.execute(db);
  await sql`DROP TRIGGER invoices_immutable ON invoices`.execute(db);
  await sql`DROP FUNCTION refuse_document_change()`.execute(db);
  await sql`DROP INDEX credit_notes_order_id`.execute(db);
  await sql`DROP TABLE credit_notes`.execute(db);
  await sql`DROP TABLE invoices`.execute(db);
  await sql`DROP TABLE document_counters`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN tax_breakdown`.execute(db);
}
