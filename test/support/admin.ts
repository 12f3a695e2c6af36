import type { App } from '../../src/context.js';
import { type FilePart, multipart } from './images.js';

export const ADMIN = { email: 'boss@example.com', password: 'correct-horse-battery-staple' };
/** buildTestApp's env for an app that has the admin above. */
export const ADMIN_ENV = { SHOP_ADMIN_EMAIL: ADMIN.email, SHOP_ADMIN_PASSWORD: ADMIN.password };

/** Signs the admin in; the value of the `shop_admin` session cookie. */
export async function adminSessionCookie(app: App, remoteAddress = '192.0.2.200') {
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: ADMIN,
    remoteAddress,
  });
  const cookie = login.cookies.find((c) => c.name === 'shop_admin');
  if (!cookie) throw new Error(`admin sign-in failed: ${login.statusCode} ${login.body}`);
  return cookie.value;
}

/**
 * A function that injects with the admin's session cookie: `cookie` when given
 * (a test that also sends multipart itself), else one from a fresh sign-in.
 */
export async function adminClient(app: App, cookie?: string) {
  const session = cookie ?? (await adminSessionCookie(app));
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      cookies: { shop_admin: session },
      ...(payload ? { payload } : {}),
    });
}

/** A multipart request of photos (field "photos") with the admin's session cookie. */
export function adminUpload(
  app: App,
  cookie: string,
  method: 'POST' | 'PUT',
  url: string,
  files: FilePart[],
) {
  const form = multipart({}, files);
  return app.inject({
    method,
    url,
    payload: form.payload,
    headers: form.headers,
    cookies: { shop_admin: cookie },
  });
}
