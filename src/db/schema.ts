import type { ColumnType, Generated, Selectable } from 'kysely';

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
}

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
}

export interface ItemTagsTable {
  item_id: number;
  tag_id: number;
}

export interface ItemDraftsTable {
  id: Generated<number>;
  item_id: number;
  upload_link_id: number | null;
  note: Defaulted<string>;
  state: Defaulted<string>;
  remove_background: Defaulted<boolean>;
  created_at: CreatedAt;
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

/** One row; bumped by triggers on every committed catalogue write (0011). */
export interface CatalogueVersionTable {
  id: number;
  version: number;
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
  catalogue_version: CatalogueVersionTable;
}

export type Admin = Selectable<AdminsTable>;
export type Customer = Selectable<CustomersTable>;
