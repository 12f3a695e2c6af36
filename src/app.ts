import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import type { Transport } from 'nodemailer';
import type { DestinationStream } from 'pino';
import { type Clock, systemClock } from './auth/clock.js';
import { cryptoRandomBytes, type RandomBytes } from './auth/tokens.js';
import { type Config, isHttps } from './config.js';
import type { App, AppContext } from './context.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { answerUnknownAddresses, installErrorHandling } from './http/error-handler.js';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  trackRouteMethods,
} from './http/framework-errors.js';
import { loggerOptions } from './http/logging.js';
import { documentOptionalBodies, documentRouteConventions } from './http/openapi-conventions.js';
import { ownOrigins } from './http/own-origins.js';
import { rateLimitRedis } from './http/rate-limit-store.js';
import { registerRateLimits } from './http/rate-limits.js';
import { installRepliesPerTurn } from './http/replies-per-turn.js';
import { installRequestGuards, refuseBodiesWhereNoneIsTaken } from './http/request-guards.js';
import { ErrorResponse } from './http/schemas.js';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { serverTimeouts } from './http/server-timeouts.js';
import { buildValidator, refuseUndeclaredQueryParameters } from './http/validation.js';
import { type JobWorker, jobWakeupsFrom, jobWorker } from './jobs/job-queue.js';
import { createMailer } from './mail/mailer.js';
import { mailOutbox, registerMailOutbox } from './mail/outbox.js';
import { mediaRoutes } from './media/media.routes.js';
import { writersMedia } from './media/media-deletion.js';
import { type MediaStorage, mediaStorageFrom } from './media/storage.js';
import { registerMediaSweep } from './media/stores/media-sweep.js';
import { accountsModule, installCustomerSessions } from './modules/accounts/index.js';
import { adminAuthService } from './modules/admin/admin-auth.service.js';
import { adminModule } from './modules/admin/index.js';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.js';
import {
  commerceModule,
  installCartJobs,
  type Payments,
  registerFavoriteSold,
  saleAnnouncer,
} from './modules/commerce/index.js';
import { installDrafting } from './modules/drafting/index.js';
import { intakeModule } from './modules/intake/index.js';
import { invoiceAttachments } from './modules/invoices/invoices.service.js';
import { paymentsFor, paymentsModule } from './modules/payments/index.js';
import { questionsModule } from './modules/questions/index.js';
import { seedRow, senderOf, shopSettingsSource } from './modules/shop/shop-settings.js';
import { shopSettingsRepository } from './modules/shop/shop-settings.repository.js';
import { catalogueVersion } from './modules/storefront/catalogue-version.js';
import { storefrontModule } from './modules/storefront/index.js';
import { itemsRepository } from './modules/storefront/items.repository.js';
import { CategoryTree, Item } from './modules/storefront/items.schemas.js';
import { applySearchLanguage } from './modules/storefront/search-language.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { webModule } from './modules/web/index.js';
import {
  type Resolve,
  registerWebhookDelivery,
  type WebhookSend,
  webhookEvents,
  webhookSender,
} from './modules/webhooks/index.js';
import { openApiWebhooks } from './modules/webhooks/webhook-payloads.js';
import { webhooksRepository } from './modules/webhooks/webhooks.repository.js';
import { backlogRepository } from './observability/backlog.repository.js';
import { installHttpMetrics } from './observability/http-metrics.js';
import { jobObserver } from './observability/job-observer.js';
import { createMetrics, type Metrics, observe } from './observability/metrics.js';
import { metricsRoutes } from './observability/metrics.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background work; `server.ts` starts it, tests run what is due with `drain()`. */
    jobs: JobWorker;
    /** This app's metrics (rate-limit presets count their refusals through it). */
    metrics: Metrics;
  }
}

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
  /** Where photos are stored; MEDIA_STORE's unless given (tests make it fail, or bring a bucket). */
  mediaStorage?: MediaStorage;
  /** Items per sitemap file (the protocol allows 50,000; tests page with fewer). */
  sitemapPageSize?: number;
  /** Items per product feed file (10,000; tests page with fewer). */
  feedPageSize?: number;
  /** The bound on a request's headers and body arriving (30 s; tests use less). */
  requestTimeoutMs?: number;
  /** How webhook hosts are resolved (the system's resolver unless given). */
  webhookResolve?: Resolve;
  /** How a webhook request is sent (the SSRF-guarded HTTP sender unless given). */
  webhookSend?: WebhookSend;
}

// JSON bodies are small (forms, ids); uploads set their own limit on their route.
const BODY_LIMIT = 64 * 1024;

/** Builds the whole service without listening: `server.ts` listens, tests inject. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // Worked out once; also sent with the refusals Fastify and Node make before any hook runs.
  const headers = securityHeaders({
    https: isHttps(config),
    mediaPublicBaseUrl: config.media.publicBaseUrl,
  });
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    trustProxy:
      config.trustProxy === false
        ? false
        : config.trustProxy === true
          ? true
          : [...config.trustProxy],
    bodyLimit: BODY_LIMIT,
    ...serverTimeouts(deps.requestTimeoutMs),
    routerOptions: { maxParamLength: 200 },
    schemaController: { compilersFactory: { buildValidator } },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  }).withTypeProvider<TypeBoxTypeProvider>();
  trackRouteMethods(app);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  // With METRICS_TOKEN only: without it nothing is timed per request (docs/operations.md).
  if (config.observability.metricsToken) installHttpMetrics(app, metrics.http);

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseListenUrl: config.databaseListenUrl,
      preparedStatements: config.databasePreparedStatements,
      pgliteDir: path.join(config.dataDir, 'db'),
      log: app.log,
    }));
  const ownsRedis = deps.redis === undefined && config.redisUrl !== null;
  const redis =
    deps.redis !== undefined
      ? deps.redis
      : config.redisUrl
        ? await rateLimitRedis(config.redisUrl)
        : null;
  const jobs = jobWorker({
    db: database.db,
    clock: deps.clock ?? systemClock,
    log: app.log,
    wakeups: jobWakeupsFrom(database.notifications),
    around: jobObserver(metrics),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    // Workers stop (bounded) before the database they write to closes.
    await jobs.stop();
    if (ownsRedis) await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  await migrateToLatest(database.migrationDb);
  await applySearchLanguage(database.db, config.shopLanguage, app.log);
  // The environment seeds the shop's settings once; from then on the admin edits them.
  const seed = () => seedRow(config, (deps.clock ?? systemClock).now());
  await shopSettingsRepository(database.db).seed(seed());
  const shop = shopSettingsSource(database.db, seed);

  const ctx: AppContext = {
    jobs,
    config,
    db: database.db,
    shop,
    clock: deps.clock ?? systemClock,
    random: deps.random ?? cryptoRandomBytes,
    mailer: createMailer({
      config,
      log: app.log,
      clock: deps.clock ?? systemClock,
      ...(deps.mailTransport ? { transport: deps.mailTransport } : {}),
    }),
    outbox: mailOutbox({
      config,
      clock: deps.clock ?? systemClock,
      sender: async (trx) => senderOf(await shop.current(trx)),
    }),
    payments: deps.payments ?? (await paymentsFor(config)),
    metrics,
    webhookEvents: webhookEvents({
      clock: deps.clock ?? systemClock,
      random: deps.random ?? cryptoRandomBytes,
      config,
    }),
  };
  registerMailOutbox(jobs, {
    db: ctx.db,
    mailer: ctx.mailer,
    clock: ctx.clock,
    log: app.log,
    attachments: invoiceAttachments(ctx.db),
  });
  registerWebhookDelivery(jobs, {
    db: ctx.db,
    clock: ctx.clock,
    log: app.log,
    metrics,
    outbox: ctx.outbox,
    config,
    send:
      deps.webhookSend ??
      webhookSender({
        allowPrivate: config.webhooks.allowPrivate,
        ...(deps.webhookResolve ? { resolve: deps.webhookResolve } : {}),
      }),
  });
  const observed = config.observability.metricsToken
    ? observe(
        metrics,
        {
          pool: database.poolStats,
          jobs: () => backlogRepository(ctx.db).jobs(ctx.clock.now()),
          outbox: () => backlogRepository(ctx.db).outbox(ctx.clock.now()),
          webhooks: () => webhooksRepository(ctx.db).backlog(ctx.clock.now()),
        },
        app.log,
      )
    : null;
  // Nothing is lost by not waiting for SMTP: unsent mail stays in the outbox.
  app.addHook('onClose', () => ctx.mailer.close());

  refuseUndeclaredQueryParameters(app);
  installErrorHandling(app);
  app.addSchema(ErrorResponse);
  app.addSchema(Item);
  app.addSchema(CategoryTree);
  // Only JSON (and multipart where a route says so) is parsed; text/plain is not a body we take.
  app.removeContentTypeParser('text/plain');

  await app.register(cookie);
  installSecurityHeaders(app, headers);
  const rateLimitHealth = await registerRateLimits(app, {
    redis,
    nameSpace: deps.rateLimitNameSpace ?? 'shop-rate-limit:',
    log: app.log,
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Shop service API', version: '0.1.0' },
      // What the shop sends to registered endpoints (contract, third round: webhooks).
      webhooks: openApiWebhooks() as never,
      components: {
        securitySchemes: {
          customerSession: { type: 'apiKey', in: 'cookie', name: 'shop_session' },
          adminSession: { type: 'apiKey', in: 'cookie', name: 'shop_admin' },
        },
      },
    },
    // Security, standard refusals and documented bodies by route kind (openapi-conventions.ts).
    transform: documentRouteConventions as never,
    // A body a route may also go without (checkout: no body means pickup).
    transformObject: documentOptionalBodies as never,
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) || `def-${i}`,
    },
  });
  answerUnknownAddresses(app);
  installRequestGuards(app, ownOrigins(config));
  refuseBodiesWhereNoneIsTaken(app);
  installCustomerSessions(app, ctx, database.notifications);
  const version = catalogueVersion(
    () => itemsRepository(ctx.db).catalogueVersion(),
    database.notifications,
    ctx.clock,
  );
  app.addHook('onClose', async () => version.close());
  // Start with caches usable; if the database cannot LISTEN yet, reads go to it until it can.
  await database.notifications.start();

  systemRoutes(app, database, rateLimitHealth);
  metricsRoutes(
    app,
    config.observability.metricsToken,
    observed?.scrape ?? null,
    metrics.registry.contentType,
  );
  clientErrorRoutes(app);
  await app.register(async (scope: App) => {
    // Its reads are most of the traffic: each turn's replies are written together.
    installRepliesPerTurn(scope, app.log);
    const memory = await storefrontModule(
      scope,
      ctx,
      version,
      database.notifications,
      deps.storefrontCachedResponses,
    );
    app.decorate('storefrontMemory', memory);
  });
  const store = deps.mediaStorage ?? (await mediaStorageFrom(config));
  registerMediaSweep(jobs, { db: ctx.db, storage: store, clock: ctx.clock, log: app.log });
  // Writers: files go only when no row references them (an order line's picture included),
  // and a cleanup the store cannot do now is left to the sweep, not answered as an error.
  const storage = writersMedia(store, ctx.db, app.log);
  // After every committed sale, checkout or admin mark-sold alike (spec 6).
  const sales = saleAnnouncer(app.log, ctx.clock, ctx);
  registerFavoriteSold(ctx, app.log);
  await app.register(
    async (scope: App) =>
      adminModule(scope, ctx, {
        storage,
        sales,
        ...(deps.webhookResolve ? { webhookResolve: deps.webhookResolve } : {}),
      }),
    {
      prefix: '/api/admin',
    },
  );
  await app.register(async (scope: App) => mediaRoutes(scope, storage));
  // The drafting step runs as jobs of the queue on this instance (DRAFT_WORKERS=0: not here).
  installDrafting(ctx, storage, app.log);
  await app.register(async (scope: App) => intakeModule(scope, ctx, storage), {
    prefix: '/api/upload-links',
  });
  await app.register(async (scope: App) => accountsModule(scope, ctx), {
    prefix: '/api/customers',
  });
  await app.register(async (scope: App) => commerceModule(scope, ctx, sales));
  await app.register(async (scope: App) => paymentsModule(scope, ctx, sales));
  await app.register(async (scope: App) => questionsModule(scope, ctx));
  installCartJobs(app, ctx);
  // Last: its catch-all page route must not shadow anything registered after it by mistake.
  await app.register(async (scope: App) =>
    webModule(scope, ctx, version, {
      ...(deps.sitemapPageSize ? { sitemapPageSize: deps.sitemapPageSize } : {}),
      ...(deps.feedPageSize ? { feedPageSize: deps.feedPageSize } : {}),
    }),
  );

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
