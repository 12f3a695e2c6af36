// npm run admin:password -- --email admin@example.com
// Sets a new password for an existing admin: asks twice without echoing it
// (a piped password is read once), and signs that admin out everywhere.
import { readAdminCredentials, runCli, withAdminAuth } from './admin-cli.js';
import { fail } from './open-configured-database.js';

runCli(async () => {
  const { email, password } = await readAdminCredentials('admin:password', 'New password: ');
  const changed = await withAdminAuth((auth) => auth.setPassword(email, password));
  if (!changed)
    fail(`There is no admin with the address ${email}; create one with npm run admin:create.`);
  console.log(`The password of ${email} is changed; their sessions have ended.`);
});
