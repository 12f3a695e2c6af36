import type { Migration } from 'kysely';
import * as m0001 from './0001_create_catalogue.js';
import * as m0002 from './0002_create_customers.js';
import * as m0003 from './0003_create_intake.js';
import * as m0004 from './0004_create_admins.js';
import * as m0005 from './0005_items_default_pending.js';
import * as m0006 from './0006_split_customer_names.js';
import * as m0007 from './0007_upload_links_contact_email.js';
import * as m0008 from './0008_drafts_remove_background.js';
import * as m0009 from './0009_customer_sold_notifications.js';
import * as m0010 from './0010_item_reservations.js';
import * as m0011 from './0011_storefront_listing.js';
import * as m0012 from './0012_cart_reminders.js';
import * as m0013 from './0013_change_notifications.js';
import * as m0014 from './0014_catalogue_version_without_hot_row.js';
import * as m0015 from './0015_checkout_claims_and_token_addresses.js';
import * as m0016 from './0016_jobs_and_outbox.js';
import * as m0017 from './0017_draft_suggestions.js';
import * as m0018 from './0018_item_image_variants.js';
import * as m0019 from './0019_orders.js';
import * as m0020 from './0020_customer_addresses.js';
import * as m0023 from './0023_storefront_facets_and_tag_counts.js';
import * as m0024 from './0024_catalogue_change_scope.js';
import * as m0025 from './0025_catalogue_commit_notice.js';
import * as m0026 from './0026_search_language.js';
import * as m0055 from './0055_webhooks.js';
import * as m0065 from './0065_hosted_payments_and_refunds.js';
import * as m0070 from './0070_shop_settings_and_pages.js';
import * as m0075 from './0075_mail_reply_to.js';
import * as m0080 from './0080_catalogue_epoch_bumps.js';
import * as m0081 from './0081_catalogue_scope_from_column_table.js';
import * as m0090 from './0090_item_details.js';
import * as m0091 from './0091_shipping.js';
import * as m0092 from './0092_tax_invoices.js';
import * as m0093 from './0093_withdrawals.js';
import * as m0095 from './0095_customer_language.js';
import * as m0096 from './0096_page_languages.js';
import * as m0097 from './0097_draft_error_code.js';
import * as m0098 from './0098_cancel_reason_code.js';
import * as m0099 from './0099_tag_and_category_edits_in_place.js';
import * as m0100 from './0100_tag_ids_refresh_writes_changes_only.js';

/**
 * The migration history, in order. Listed explicitly rather than read from the
 * folder so that the compiled build and the test runner see the same set.
 */
export const migrations: Record<string, Migration> = {
  '0001_create_catalogue': m0001,
  '0002_create_customers': m0002,
  '0003_create_intake': m0003,
  '0004_create_admins': m0004,
  '0005_items_default_pending': m0005,
  '0006_split_customer_names': m0006,
  '0007_upload_links_contact_email': m0007,
  '0008_drafts_remove_background': m0008,
  '0009_customer_sold_notifications': m0009,
  '0010_item_reservations': m0010,
  '0011_storefront_listing': m0011,
  '0012_cart_reminders': m0012,
  '0013_change_notifications': m0013,
  '0014_catalogue_version_without_hot_row': m0014,
  '0015_checkout_claims_and_token_addresses': m0015,
  '0016_jobs_and_outbox': m0016,
  '0017_draft_suggestions': m0017,
  '0018_item_image_variants': m0018,
  '0019_orders': m0019,
  '0020_customer_addresses': m0020,
  '0023_storefront_facets_and_tag_counts': m0023,
  '0024_catalogue_change_scope': m0024,
  '0025_catalogue_commit_notice': m0025,
  '0026_search_language': m0026,
  '0055_webhooks': m0055,
  '0065_hosted_payments_and_refunds': m0065,
  '0070_shop_settings_and_pages': m0070,
  '0075_mail_reply_to': m0075,
  '0080_catalogue_epoch_bumps': m0080,
  '0081_catalogue_scope_from_column_table': m0081,
  '0090_item_details': m0090,
  '0091_shipping': m0091,
  '0092_tax_invoices': m0092,
  '0093_withdrawals': m0093,
  '0095_customer_language': m0095,
  '0096_page_languages': m0096,
  '0097_draft_error_code': m0097,
  '0098_cancel_reason_code': m0098,
  '0099_tag_and_category_edits_in_place': m0099,
  '0100_tag_ids_refresh_writes_changes_only': m0100,
};
