import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { Clock } from './auth/clock.js';
import type { RandomBytes } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { JobWorker } from './jobs/job-queue.js';
import type { Mailer } from './mail/mailer.js';
import type { MailOutbox } from './mail/outbox.js';
import type { Payments } from './modules/commerce/payments.js';
import type { ShopSettingsSource } from './modules/shop/shop-settings.js';
import type { WebhookEvents } from './modules/webhooks/webhook-events.js';
import type { Metrics } from './observability/metrics.js';

/** The Fastify instance with TypeBox types, as every module sees it. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What modules get from the app factory: config and the dependencies tests may replace. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The shop's own settings (name, contact, pickup, …), edited in the admin: read at each use. */
  shop: ShopSettingsSource;
  clock: Clock;
  random: RandomBytes;
  /** The SMTP (or file) transport; only the outbox's worker sends through it. */
  mailer: Mailer;
  /** Every mail is queued here inside the transaction of its event, and sent after the commit (spec 6). */
  outbox: MailOutbox;
  /** Background work: modules register their kinds at build; `server.ts` starts it (src/jobs/). */
  jobs: JobWorker;
  /** Checkout's payment step, before the commit (contract: Cart). */
  payments: Payments;
  /** Counters and histograms of what happens (`ctx.metrics.payments.inc({ outcome })`); GET /metrics. */
  metrics: Metrics;
  /** Webhook events, written in the transaction that causes them (`record(trx, 'order.paid', data)`). */
  webhookEvents: WebhookEvents;
}
