import { ADMIN_ENV, adminClient, adminSessionCookie } from './admin.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { startS3Server, type TestS3Server } from './s3-server.js';

export interface S3TestApp {
  s3: TestS3Server;
  /** The app with MEDIA_STORE=s3 on the server above, and the admin of ADMIN_ENV. */
  t: TestApp;
  admin: Awaited<ReturnType<typeof adminClient>>;
  /** The admin's session cookie, for requests a test builds itself (multipart uploads). */
  adminCookie: string;
  /** Closes the app, then the S3 server (again is fine: an outage test stops it early). */
  close(): Promise<void>;
}

/** A real S3 server and the app storing its media there, the admin signed in. */
export async function s3TestApp(): Promise<S3TestApp> {
  const s3 = await startS3Server();
  let built: TestApp | undefined;
  try {
    const t = await buildTestApp({
      env: { ...s3.env, ...ADMIN_ENV },
      deps: { mediaStorage: s3.storage() },
    });
    built = t;
    const adminCookie = await adminSessionCookie(t.app);
    return {
      s3,
      t,
      admin: await adminClient(t.app, adminCookie),
      adminCookie,
      async close() {
        await t.close();
        await s3.close();
      },
    };
  } catch (error) {
    await built?.close();
    await s3.close();
    throw error;
  }
}
