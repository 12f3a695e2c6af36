import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import type { Transport } from 'nodemailer';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './auth/clock.js';
import { cryptoRandomBytes, type RandomBytes } from './auth/tokens.js';
import { type Config, isHttps } from './config.js';
import type { App, AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { installErrorHandling } from './http/error-handler.js';
import { loggerOptions } from './http/logging.js';
import { registerRateLimits } from './http/rate-limits.js';
import { installRequestGuards } from './http/request-guards.js';
import { ErrorResponse } from './http/schemas.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { buildValidator, refuseUndeclaredQueryParameters } from './http/validation.js';
import { createMailer } from './mail/mailer.js';
import { mediaRoutes } from './media/media.routes.js';
import { diskStorage } from './media/storage.js';
import { accountsModule, installCustomerSessions } from './modules/accounts/index.js';
import { adminAuthService } from './modules/admin/admin-auth.service.js';
import { adminModule } from './modules/admin/index.js';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.js';
import {
  acceptingPayments,
  commerceModule,
  favoriteSoldNotifier,
  installCartJobs,
  type Payments,
  saleAnnouncer,
} from './modules/commerce/index.js';
import { intakeModule } from './modules/intake/index.js';
import { catalogueVersion } from './modules/storefront/catalogue-version.js';
import { storefrontModule } from './modules/storefront/index.js';
import { itemsRepository } from './modules/storefront/items.repository.js';
import { CategoryTree, Item } from './modules/storefront/items.schemas.js';
import { systemRoutes } from './modules/system/system.routes.js';

/** What tests (or another host process) may supply instead of what config would build. */
export interface AppDeps {
  database?: DatabaseHandle;
  redis?: Redis | null;
  rateLimitNameSpace?: string;
  clock?: Clock;
  random?: RandomBytes;
  logStream?: DestinationStream;
  /** How many storefront responses to keep per catalogue version; 0 turns reuse off. */
  storefrontCachedResponses?: number;
  /** A nodemailer transport instead of SMTP_URL or the mail folder (tests capture mail). */
  mailTransport?: Transport;
  /** Checkout's payment step; the built-in one accepts every order. */
  payments?: Payments;
}

// JSON bodies are small (forms, ids); uploads set their own limit on their route.
const BODY_LIMIT = 64 * 1024;

/** Builds the whole service without listening: `server.ts` listens, tests inject. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy:
      config.trustProxy === false
        ? false
        : config.trustProxy === true
          ? true
          : [...config.trustProxy],
    bodyLimit: BODY_LIMIT,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: { buildValidator } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      log: app.log,
    }));
  const ownsRedis = deps.redis === undefined && config.redisUrl !== null;
  const redis =
    deps.redis !== undefined
      ? deps.redis
      : config.redisUrl
        ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
        : null;
  app.addHook('onClose', async () => {
    if (ownsRedis) await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  await migrateToLatest(database.db);

  const ctx: AppContext = {
    config,
    db: database.db,
    clock: deps.clock ?? systemClock,
    random: deps.random ?? cryptoRandomBytes,
    mailer: createMailer({
      config,
      log: app.log,
      clock: deps.clock ?? systemClock,
      ...(deps.mailTransport ? { transport: deps.mailTransport } : {}),
    }),
    payments: deps.payments ?? acceptingPayments,
  };
  app.decorate('mailer', ctx.mailer);
  // Mail still being sent after a commit goes out before the process stops.
  app.addHook('onClose', () => ctx.mailer.close());

  refuseUndeclaredQueryParameters(app);
  installErrorHandling(app);
  app.addSchema(ErrorResponse);
  app.addSchema(Item);
  app.addSchema(CategoryTree);
  // Only JSON (and multipart where a route says so) is parsed; text/plain is not a body we take.
  app.removeContentTypeParser('text/plain');

  const https = isHttps(config);
  await app.register(cookie);
  installSecurityHeaders(app, https);
  await registerRateLimits(app, {
    redis,
    nameSpace: deps.rateLimitNameSpace ?? 'shop-rate-limit:',
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Shop service API', version: '0.1.0' },
      components: {
        securitySchemes: {
          customerSession: { type: 'apiKey', in: 'cookie', name: 'shop_session' },
          adminSession: { type: 'apiKey', in: 'cookie', name: 'shop_admin' },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) || `def-${i}`,
    },
  });
  installRequestGuards(app, config.publicBaseUrl.origin);
  installCustomerSessions(app, ctx, database.notifications);
  const version = catalogueVersion(
    () => itemsRepository(ctx.db).catalogueVersion(),
    database.notifications,
    ctx.clock,
  );
  app.addHook('onClose', async () => version.close());
  // Start with caches usable; if the database cannot LISTEN yet, reads go to it until it can.
  await database.notifications.start();

  systemRoutes(app, database);
  clientErrorRoutes(app);
  await app.register(async (scope: App) =>
    storefrontModule(scope, ctx, version, deps.storefrontCachedResponses),
  );
  const storage = diskStorage(path.join(config.dataDir, 'media'));
  // After every committed sale, checkout or admin mark-sold alike (spec 6).
  const sales = saleAnnouncer(app.log, [favoriteSoldNotifier(ctx, app.log)]);
  await app.register(async (scope: App) => adminModule(scope, ctx, { storage, sales }), {
    prefix: '/api/admin',
  });
  await app.register(async (scope: App) => mediaRoutes(scope, storage));
  await app.register(async (scope: App) => intakeModule(scope, ctx, storage), {
    prefix: '/api/upload-links',
  });
  await app.register(async (scope: App) => accountsModule(scope, ctx), {
    prefix: '/api/customers',
  });
  await app.register(async (scope: App) => commerceModule(scope, ctx, sales));
  installCartJobs(app, ctx);

  if (config.adminEmail && config.adminPassword) {
    const created = await adminAuthService(ctx).ensureAdmin(
      config.adminEmail,
      config.adminPassword,
    );
    if (created)
      app.log.info({ email: config.adminEmail }, 'admin account created from SHOP_ADMIN_EMAIL');
  }

  return app;
}
