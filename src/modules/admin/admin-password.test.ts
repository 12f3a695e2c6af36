import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminClient } from '../../../test/support/admin.js';
import { buildTestApp, type TestApp } from '../../../test/support/build-test-app.js';
import { cryptoRandomBytes } from '../../auth/tokens.js';
import { adminAuthService } from './admin-auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: ADMIN_ENV });
});
afterAll(() => t.close());

const signIn = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email: ADMIN.email, password },
    remoteAddress: '192.0.2.203',
  });

// What npm run admin:password does once it has the address and the password.
describe('setting a new admin password (npm run admin:password)', () => {
  it('the new password signs in, the old one no longer does, and open sessions end', async () => {
    const admin = await adminClient(t.app);
    expect((await admin('GET', '/api/admin/me')).statusCode).toBe(200);
    const auth = adminAuthService({ db: t.db, clock: t.clock, random: cryptoRandomBytes });

    expect(await auth.setPassword(ADMIN.email.toUpperCase(), 'a-brand-new-password-1')).toBe(true);
    expect((await admin('GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await signIn(ADMIN.password)).statusCode).toBe(401);
    expect((await signIn('a-brand-new-password-1')).statusCode).toBe(200);
  });

  it('changes nothing and creates no admin for an unknown address', async () => {
    const before = await t.db.selectFrom('admins').selectAll().execute();
    const auth = adminAuthService({ db: t.db, clock: t.clock, random: cryptoRandomBytes });
    expect(await auth.setPassword('nobody@example.com', 'whatever-password-1')).toBe(false);
    expect(await t.db.selectFrom('admins').selectAll().execute()).toEqual(before);
  });
});
