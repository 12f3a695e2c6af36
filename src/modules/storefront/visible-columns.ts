/**
 * The item columns the storefront reads, each with the dimensions of the
 * catalogue's change announcements a change of it touches: the newest table the
 * migrations generated bump_catalogue_version() from (issue 35 item 4). When the
 * storefront reads another column, a new migration exports the table with it and
 * regenerates the trigger, and this re-export names that migration instead;
 * visible-columns.test.ts fails until both are done.
 */
export {
  DIMENSIONS,
  ITEM_COLUMNS,
  scopeTrigger,
} from '../../db/migrations/0099_tag_and_category_edits_in_place.js';

/** The columns in `read` that `table` leaves out, sorted: what a new migration must map. */
export function unmappedColumns(
  table: Readonly<Record<string, unknown>>,
  read: Iterable<string>,
): string[] {
  return [...new Set(read)].filter((column) => !Object.hasOwn(table, column)).sort();
}
