import type { Db } from '../../db/database.js';

/*
 * Who the shop is and where its mail goes, read in one place each so they can
 * follow the shop settings (contract: GET /api/admin/shop, `name`, `contact_email`)
 * once those exist: until then the name is the one the pages and mails use today,
 * and the contact address is the first admin's, the settings' own default.
 */

/** The shop's name, as the web client's title and the mails' sign-off call it. */
export function shopName(): string {
  return 'Shop';
}

/** Where messages for the shop go: the first admin's address; null while there is no admin. */
export async function shopContactAddress(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('admins')
    .select('email')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}
