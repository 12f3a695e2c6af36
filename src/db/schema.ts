import type { ColumnType, Generated, GeneratedAlways, Selectable } from 'kysely';
import type { ShopLanguage } from '../config.js';

/** Tables as they stand after the newest migration. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type ItemStatus = 'pending' | 'available' | 'reserved' | 'sold';
export type PriceSource = 'model' | 'default' | 'manual';
export type CustomerTokenKind = 'verify_email' | 'password_reset';

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  position: Defaulted<number>;
  created_at: CreatedAt;
  /** Ids from the root down to this category, kept by a trigger (0023). */
  path: Generated<number[]>;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  created_at: CreatedAt;
}

export interface ItemsTable {
  id: Generated<number>;
  title: string;
  description: Defaulted<string>;
  status: Defaulted<ItemStatus>;
  price_cents: Defaulted<number>;
  price_source: Defaulted<PriceSource>;
  category_id: number | null;
  created_at: CreatedAt;
  updated_at: Defaulted<Date>;
  published_at: Timestamp | null;
  sold_at: Timestamp | null;
  reserved_by: number | null;
  reserved_until: Timestamp | null;
  sold_to: number | null;
  /** A checkout taking payment for this held item (migration 0015). */
  checkout_key: string | null;
  checkout_until: Timestamp | null;
  /** Whose hold ended last and when: that customer waits one hold window to hold it again. */
  last_held_by: number | null;
  last_hold_ended_at: Timestamp | null;
  /** The price the holder saw when the item went into the cart; checkout charges it (0019). */
  held_price_cents: number | null;
  /** The category's path, copied by triggers (0023): the subtree filter is category_path @> ARRAY[id]. */
  category_path: Generated<number[]>;
  /** The item's tag ids, sorted, kept from item_tags by triggers (0023). */
  tag_ids: Generated<number[]>;
  /** Title and description as a shop_search text-search vector: unaccented, stemmed in the shop's language (generated column, 0026). */
  search_vector: GeneratedAlways<string>;
  /** What the owner says of the piece (0090): each null until known. */
  weight_grams: number | null;
  width_mm: number | null;
  height_mm: number | null;
  depth_mm: number | null;
  condition: ItemCondition | null;
  condition_note: string | null;
}

export type ItemCondition = 'new' | 'like_new' | 'good' | 'fair' | 'for_parts';

export interface ItemImagesTable {
  id: Generated<number>;
  item_id: number;
  path: string;
  /** Null until a photo has been cut out; non-null means the original can be restored. */
  original_image_path: string | null;
  width: number;
  height: number;
  position: Defaulted<number>;
  created_at: CreatedAt;
  /** Smaller copies for lists, widest last; empty when the photo is no wider than the smallest. */
  variants: ColumnType<StoredVariant[], string | undefined, string>;
}

export interface StoredVariant {
  width: number;
  height: number;
  path: string;
}

export interface ItemTagsTable {
  item_id: number;
  tag_id: number;
}

export type DraftState = 'queued' | 'processing' | 'drafted' | 'failed' | 'accepted' | 'dismissed';

/** Per photo: whether the drafting step's cut-out was applied, and why not (0017). */
export interface DraftCutout {
  image_id: number;
  applied: boolean;
  reason: string | null;
}

/** Why the shop itself cancelled an order (0098); the owner's own reasons have none. */
export type CancelReasonCode =
  | 'payment_failed'
  | 'not_completed'
  | 'no_longer_held'
  | 'withdrawn_unpaid'
  | 'replaced'
  | 'page_not_opened'
  | 'not_paid_by';

/** Why a draft has no suggestions (0097): published before its run, paused, a failed run. */
export type DraftErrorCode = 'published_first' | 'paused' | 'run_failed';

export interface ItemDraftsTable {
  id: Generated<number>;
  item_id: number;
  upload_link_id: number | null;
  note: Defaulted<string>;
  state: Defaulted<DraftState>;
  remove_background: Defaulted<boolean>;
  created_at: CreatedAt;
  // The drafting step (0017): its state for people; the claiming is the jobs queue's.
  attempts: Defaulted<number>;
  last_error: string | null;
  /** Why there are no suggestions, for the admin's page to word (0097). */
  last_error_code: DraftErrorCode | null;
  claimed_at: Timestamp | null;
  lease_until: Timestamp | null;
  drafted_at: Timestamp | null;
  /** e.g. "openai:gpt-4o-mini"; null when no model was asked. */
  model: string | null;
  /** The model's suggestions (src/modules/drafting/suggestions.ts), or null. */
  suggestions: ColumnType<unknown, string | null | undefined, string | null>;
  cutouts: ColumnType<DraftCutout[], string | undefined, string>;
  reviewed_at: Timestamp | null;
}

export interface UploadLinksTable {
  id: Generated<number>;
  token_digest: string;
  label: string | null;
  contact_email: string | null;
  /** Null means no cap. */
  max_submissions: number | null;
  submission_count: Defaulted<number>;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface CustomersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  email_verified: Defaulted<boolean>;
  marketing_consent: Defaulted<boolean>;
  marketing_consent_text: string | null;
  marketing_consent_at: Timestamp | null;
  sold_notifications: Defaulted<boolean>;
  sold_notifications_at: Timestamp | null;
  sold_notifications_text: string | null;
  /** The hold deadline (items.reserved_until) the last cart reminder was sent for (0012). */
  cart_reminder_sent_for: Timestamp | null;
  disabled_at: Timestamp | null;
  /** The language chosen for pages and mails (0095); null: never chosen, SHOP_LANGUAGE. */
  language: ShopLanguage | null;
  created_at: CreatedAt;
  updated_at: Defaulted<Date>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_digest: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

export interface CustomerSessionsTable extends SessionsTable {
  customer_id: number;
}

export interface AdminSessionsTable extends SessionsTable {
  admin_id: number;
}

export interface CustomerTokensTable {
  id: Generated<number>;
  customer_id: number;
  kind: CustomerTokenKind;
  token_digest: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** The address the token was mailed to; null for tokens minted before migration 0015. */
  email: string | null;
}

export interface FavoritesTable {
  customer_id: number;
  item_id: number;
  created_at: CreatedAt;
}

export interface AdminsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
}

/**
 * One row per transaction that wrote to the catalogue, numbered as it commits;
 * older rows are deleted as newer ones commit (0014).
 */
export interface CatalogueChangesTable {
  txid: Generated<string>;
  version: number | null;
}

/** Non-pending items per tag, kept by triggers on every write (0023). */
export interface TagCountsTable {
  tag_id: number;
  items: number;
}

export interface Database {
  categories: CategoriesTable;
  tags: TagsTable;
  items: ItemsTable;
  item_images: ItemImagesTable;
  item_tags: ItemTagsTable;
  item_drafts: ItemDraftsTable;
  upload_links: UploadLinksTable;
  customers: CustomersTable;
  customer_sessions: CustomerSessionsTable;
  customer_tokens: CustomerTokensTable;
  favorites: FavoritesTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  catalogue_changes: CatalogueChangesTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  orders: OrdersTable;
  shop_settings: ShopSettingsTable;
  shop_pages: ShopPagesTable;
  order_lines: OrderLinesTable;
  payment_events: PaymentEventsTable;
  order_refunds: OrderRefundsTable;
  order_refund_lines: OrderRefundLinesTable;
  order_withdrawals: OrderWithdrawalsTable;
  order_withdrawal_lines: OrderWithdrawalLinesTable;
  customer_addresses: CustomerAddressesTable;
  tag_counts: TagCountsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  shipping_settings: ShippingSettingsTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  credit_notes: CreditNotesTable;
}

/** The last number given per kind of document and year (0092). */
export interface DocumentCountersTable {
  kind: 'invoice' | 'credit_note';
  year: number;
  last_number: number;
}

/** An invoice as issued: never updated nor deleted (0092, a trigger refuses). */
export interface InvoicesTable {
  id: Generated<number>;
  order_id: number;
  number: string;
  issued_at: Timestamp;
  total_cents: number;
  snapshot: ColumnType<unknown, string, never>;
}

/** A credit note referring to its invoice; immutable like it (0092). */
export interface CreditNotesTable {
  id: Generated<number>;
  invoice_id: number;
  order_id: number;
  number: string;
  issued_at: Timestamp;
  amount_cents: number;
  snapshot: ColumnType<unknown, string, never>;
}

/** A shipping zone as stored (0091): its countries and weight bands, lightest first. */
export interface StoredShippingZone {
  name: string;
  countries: string[];
  rates: Array<{ up_to_grams: number | null; price_cents: number }>;
}

/** The shop's shipping rates: one row at most (0091). */
export interface ShippingSettingsTable {
  id: Defaulted<boolean>;
  zones: ColumnType<StoredShippingZone[], string, string>;
  free_over_cents: number | null;
  updated_at: Timestamp;
}

export type Admin = Selectable<AdminsTable>;
export type Customer = Selectable<CustomersTable>;

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** Background work, claimed by workers with SKIP LOCKED and a lease (0016, src/jobs/). */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  key: string | null;
  state: Defaulted<JobState>;
  run_at: Timestamp;
  attempts: Defaulted<number>;
  claimed_at: Timestamp | null;
  lease_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A mail to send, written with its event; the body is dropped once sent (0016). */
export interface MailOutboxTable {
  id: Generated<number>;
  template: string;
  recipient: string;
  subject: string;
  body_text: string | null;
  body_html: string | null;
  message_id: string;
  /** Where an answer goes (a customer's question to the shop, 0075); cleared when sent. */
  reply_to: string | null;
  customer_id: number | null;
  item_id: number | null;
  job_id: number | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The shop's sender name when the mail was written (0070); null: the address alone. */
  from_name: Defaulted<string | null>;
  /** The invoice the mail carries as a PDF, rendered when it is sent (0092). */
  invoice_id: Defaulted<number | null>;
}

export type TaxMode = 'included' | 'margin' | 'none';

/** The shop's own settings: one row, id 1 (0070). */
export interface ShopSettingsTable {
  id: number;
  name: string;
  logo_path: string | null;
  contact_email: string | null;
  address: string | null;
  pickup_address: string | null;
  pickup_hours: string | null;
  payment_instructions: string | null;
  mail_sender_name: string | null;
  notify_orders: Defaulted<boolean>;
  notify_submissions: Defaulted<boolean>;
  tax_mode: Defaulted<TaxMode>;
  tax_rate_bp: Defaulted<number>;
  tax_rates_bp: ColumnType<Record<string, number>, string | undefined, string>;
  tax_note: string | null;
  time_zone: string;
  updated_at: Timestamp;
}

export type PageSlug = 'imprint' | 'terms' | 'privacy' | 'withdrawal' | 'shipping';

/** Every saved version of a legal or information page (0070). */
export interface ShopPagesTable {
  slug: PageSlug;
  version: number;
  title: string;
  body_markdown: string;
  body_html: string;
  created_at: Timestamp;
  /** The language it is written in; null: the shop's own (SHOP_LANGUAGE), as before 0096. */
  language: ShopLanguage | null;
}

export type OrderState = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** A postal address as stored on an order (a snapshot) and in the address book. */
export interface PostalAddress {
  name: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  phone: string | null;
}

/** One per checkout; buyer, address and totals are snapshots taken at the sale (0019). */
export interface OrdersTable {
  id: Generated<number>;
  number: string;
  customer_id: number | null;
  state: OrderState;
  buyer_name: string | null;
  buyer_email: string | null;
  /** Null: picked up at the shop. */
  shipping_address: ColumnType<PostalAddress | null, string | null, string | null>;
  note: string | null;
  total_cents: number;
  currency: string;
  payment_reference: string;
  /** The checkout's idempotency key: the provider's key for a void. */
  checkout_key: string;
  payment_due_at: Timestamp | null;
  payment_reminder_sent_at: Timestamp | null;
  carrier: string | null;
  tracking_reference: string | null;
  cancel_reason: string | null;
  /** The shop's own reasons as a code its mails and pages word (0098); null: the owner's words. */
  cancel_reason_code: CancelReasonCode | null;
  /** The last day to pay a `not_paid_by` cancel names, `YYYY-MM-DD` (0098). */
  cancel_reason_day: string | null;
  placed_at: Timestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  buyer_anonymised_at: Timestamp | null;
  updated_at: Timestamp;
  /** How the order is paid (0065). */
  payment_provider: Defaulted<PaymentProviderName>;
  /** A hosted payment page (Stripe Checkout): where the buyer pays, until when (0065). */
  payment_url: string | null;
  payment_expires_at: Timestamp | null;
  /** The buyer finished the page with a payment that settles later (a bank debit). */
  payment_processing_at: Timestamp | null;
  /** The provider's payment (a Stripe Payment Intent): what a refund refers to. */
  payment_intent_id: string | null;
  /** The versions of the terms and withdrawal pages the buyer accepted (0070). */
  terms_version: Defaulted<number | null>;
  withdrawal_version: Defaulted<number | null>;
  /** The exact words the checkout showed with its order button (0070). */
  checkout_wording: Defaulted<string | null>;
  /** Charged for shipping, and tax (0091); total_cents includes both. */
  shipping_cents: Defaulted<number>;
  /** The VAT the total contains (prices include it), never added on top (0092, docs/decisions.md). */
  tax_cents: Defaulted<number>;
  /** Every line paid back (0093). */
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The tax as computed at checkout, line by line (0092); null for orders from before. */
  tax_breakdown: ColumnType<unknown, string | null | undefined, never>;
}

export type PaymentProviderName = 'accept' | 'manual' | 'stripe';

/** Provider events acted on, once each by (provider, event_id) (0065). */
export interface PaymentEventsTable {
  provider: string;
  event_id: string;
  type: string;
  order_id: number | null;
  outcome: string;
  received_at: Timestamp;
}

export type RefundState = 'pending' | 'succeeded' | 'failed' | 'to_pay_by_hand';

/** Refunds asked for, each once by its idempotency key (0065). */
export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  provider: PaymentProviderName;
  amount_cents: number;
  reason: string;
  idempotency_key: string;
  payment_reference: string | null;
  state: RefundState;
  provider_reference: string | null;
  last_error: string | null;
  requested_at: Timestamp;
  settled_at: Timestamp | null;
  /** The part that gives the order's shipping back (0093); at most one refund per order. */
  shipping_cents: Defaulted<number>;
}

/** Which lines a refund paid back (0093); a line at most once. */
export interface OrderRefundLinesTable {
  refund_id: number;
  order_line_id: number;
  amount_cents: number;
}

/** A withdrawal the buyer declared, when it was received (0093). */
export interface OrderWithdrawalsTable {
  id: Generated<number>;
  order_id: number;
  reason: string | null;
  requested_at: Timestamp;
}

/** Which lines a withdrawal names (0093); a line at most once. */
export interface OrderWithdrawalLinesTable {
  withdrawal_id: number;
  order_line_id: number;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  item_id: number | null;
  title: string;
  price_cents: number;
  image_path: string | null;
  position: number;
}

/** Addresses a customer keeps to pick at checkout (0020). */
export interface CustomerAddressesTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  city: string;
  country: string;
  phone: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type WebhookEndpointState = 'active' | 'disabled';
export type WebhookDeliveryState = 'pending' | 'delivering' | 'delivered' | 'retrying' | 'failed';

/** A receiver an admin registered, with the events it wants (0055). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  events: string[];
  /** `whsec_…` (Standard Webhooks); shown once at creation, used to sign every delivery. */
  secret: string;
  state: Defaulted<WebhookEndpointState>;
  /** The first failure since the last success; null while deliveries succeed. */
  failing_since: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
}

/** One event, written in the transaction that causes it; `body` is sent byte for byte (0055). */
export interface WebhookEventsTable {
  id: Generated<number>;
  /** `webhook-id`: the same on every attempt and redelivery of this event. */
  message_id: string;
  type: string;
  /** Deliveries of one lane (an item, an order) to one endpoint go out in order. */
  lane: string;
  body: string;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  lane: string;
  state: Defaulted<WebhookDeliveryState>;
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp | null;
  first_attempt_at: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempt: number;
  at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
