import { type Kysely, sql } from 'kysely';

// Issue 37: why the shop itself cancelled an order, as a code its mails and pages word
// in the reader's language; `cancel_reason` keeps the words as the API has always
// given them (the owner's own, or the shop's English sentence). NULL: the owner's
// words. `cancel_reason_day` is the last day to pay a `not_paid_by` cancel names (the
// order's own due moment is cleared by the cancel). Orders cancelled before are given
// the code (and day) their sentence says.
const SENTENCES: Record<string, string> = {
  payment_failed: 'The payment failed.',
  not_completed: 'The payment was not completed in time.',
  no_longer_held:
    'Your payment arrived after the pieces were no longer held for you, so they could not be sold to you; the payment is refunded in full.',
  withdrawn_unpaid: 'You withdrew from the order before paying.',
  replaced: 'Replaced by a new checkout.',
  page_not_opened: 'The payment page could not be opened.',
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN cancel_reason_code text CHECK (cancel_reason_code IN (
        'payment_failed', 'not_completed', 'no_longer_held', 'withdrawn_unpaid',
        'replaced', 'page_not_opened', 'not_paid_by')),
      -- YYYY-MM-DD in the shop's time zone, as text (as the API gives a day).
      ADD COLUMN cancel_reason_day text CHECK (cancel_reason_day ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      ADD CONSTRAINT orders_cancel_reason_day CHECK (
        (cancel_reason_code IS NOT DISTINCT FROM 'not_paid_by') = (cancel_reason_day IS NOT NULL))`.execute(
    db,
  );
  for (const [code, sentence] of Object.entries(SENTENCES)) {
    await sql`UPDATE orders SET cancel_reason_code = ${code} WHERE cancel_reason = ${sentence}`.execute(
      db,
    );
  }
  // "No payment arrived by Thursday, 5 March 2026." (orders.service.ts wrote it in English).
  await sql`
    UPDATE orders SET cancel_reason_code = 'not_paid_by',
      cancel_reason_day = to_char(
        to_date(substring(cancel_reason FROM ', (\\d{1,2} [A-Za-z]+ \\d{4})\\.$'), 'FMDD FMMonth YYYY'),
        'YYYY-MM-DD')
    WHERE cancel_reason ~ '^No payment arrived by [A-Za-z]+, \\d{1,2} [A-Za-z]+ \\d{4}\\.$'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE orders DROP CONSTRAINT orders_cancel_reason_day,
      DROP COLUMN cancel_reason_day, DROP COLUMN cancel_reason_code`.execute(db);
}
