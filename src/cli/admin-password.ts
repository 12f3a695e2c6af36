// npm run admin:password -- --email admin@example.com
// Sets a new password for an existing admin: asks twice without echoing it
// (a piped password is read once), and signs that admin out everywhere.
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
    fail('usage: npm run admin:password -- --email admin@example.com');

  const password = await readSecret('New password: ');
  if (password.length < MIN_ADMIN_PASSWORD || password.length > PASSWORD_MAX_LENGTH) {
    fail(`The password must be ${MIN_ADMIN_PASSWORD} to ${PASSWORD_MAX_LENGTH} characters.`);
  }
  if (process.stdin.isTTY && (await readSecret('Again: ')) !== password)
    fail('The passwords differ.');

  const { database } = await openConfiguredDatabase();
  let changed: boolean;
  try {
    await migrateToLatest(database.db);
    const auth = adminAuthService({
      db: database.db,
      clock: systemClock,
      random: cryptoRandomBytes,
    });
    changed = await auth.setPassword(email, password);
  } finally {
    await database.close();
  }
  if (!changed)
    fail(`There is no admin with the address ${email}; create one with npm run admin:create.`);
  console.log(`The password of ${email} is changed; their sessions have ended.`);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
