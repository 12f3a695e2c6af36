// npm run admin:create -- --email admin@example.com
// Asks for the password twice without echoing it.
import { readAdminCredentials, runCli, withAdminAuth } from './admin-cli.js';

runCli(async () => {
  const { email, password } = await readAdminCredentials('admin:create', 'Password: ');
  const created = await withAdminAuth((auth) => auth.ensureAdmin(email, password));
  console.log(
    created
      ? `Admin ${email} created.`
      : `An admin with the address ${email} already exists; nothing changed.`,
  );
});
