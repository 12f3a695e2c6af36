// npm run admin:create -- --email admin@example.com
// Asks for the password twice without echoing it.
import { parseArgs } from 'node:util';
import { systemClock } from '../auth/clock.js';
import {
  ADMIN_PASSWORD_MIN_LENGTH as MIN_ADMIN_PASSWORD,
  PASSWORD_MAX_LENGTH,
} from '../auth/passwords.js';
import { cryptoRandomBytes } from '../auth/tokens.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminAuthService } from '../modules/admin/admin-auth.service.js';
import { fail, openConfiguredDatabase } from './open-configured-database.js';
import { readSecret } from './read-secret.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { email: { type: 'string' } } });
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email))
    fail('usage: npm run admin:create -- --email admin@example.com');

  const password = await readSecret('Password: ');
  if (password.length < MIN_ADMIN_PASSWORD || password.length > PASSWORD_MAX_LENGTH) {
    fail(`The password must be ${MIN_ADMIN_PASSWORD} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (process.stdin.isTTY && (await readSecret('Again: ')) !== password)
    fail('The passwords differ.');

  const { database } = await openConfiguredDatabase();
  try {
    await migrateToLatest(database.migrationDb);
    const auth = adminAuthService({
      db: database.db,
      clock: systemClock,
      random: cryptoRandomBytes,
    });
    const created = await auth.ensureAdmin(email, password);
    console.log(
      created
        ? `Admin ${email} created.`
        : `An admin with the address ${email} already exists; nothing changed.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
