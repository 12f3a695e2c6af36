import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric the service exposes at `GET /metrics` (docs/operations.md lists
 * them with what to alert on). One registry per app, so two apps in one process
 * (tests, a worker beside a server) never share counts.
 *
 * Modules count their own events through `ctx.metrics`: one line where the cause
 * happens, e.g. `ctx.metrics.payments.inc({ outcome: 'captured' })`. Counting is
 * a map lookup whether or not anyone scrapes; what costs (the request hooks, the
 * runtime collectors, the reads at scrape time) is installed only with
 * METRICS_TOKEN (`observe`).
 */

/** Seconds buckets of OpenTelemetry's HTTP duration advice (semantic conventions, http metrics). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
/** A draft runs a model and a cut-out: seconds to minutes. */
const DRAFT_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600];

export const CHECKOUT_OUTCOMES = [
  'completed',
  'placed',
  'declined',
  'cart_empty',
  'item_unavailable',
  'error',
] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** What a payment step did: taken, left to come later (manual), refused, or unknown (an error). */
export type PaymentOutcome = 'captured' | 'pending' | 'declined' | 'error';
/** What giving money back did: a void or refund went through, or failed (to be done by hand). */
export type RefundOutcome = 'refunded' | 'failed';
/** How a hold ended: its deadline passed, it was sold, or it was given back (customer, admin, disable). */
export type HoldEnd = 'expired' | 'checked_out' | 'released';

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];

  return {
    registry,

    http: {
      /** OpenTelemetry's http.server.request.duration, in Prometheus spelling. */
      duration: new Histogram({
        name: 'http_server_request_duration_seconds',
        help: 'Duration of HTTP requests by method, route template and status class',
        labelNames: ['http_request_method', 'http_route', 'status_class'] as const,
        buckets: HTTP_BUCKETS,
        registers,
      }),
      active: new Gauge({
        name: 'http_server_active_requests',
        help: 'HTTP requests being answered now',
        registers,
      }),
    },

    holdsStarted: new Counter({
      name: 'shop_holds_started_total',
      help: 'Items put on hold in a cart',
      registers,
    }),
    holdsEnded: new Counter({
      name: 'shop_holds_ended_total',
      help: 'Holds ended, by how: expired, checked_out, released',
      labelNames: ['reason'] as const,
      registers,
    }),
    itemsPublished: new Counter({
      name: 'shop_items_published_total',
      help: 'Items published (pending to available)',
      registers,
    }),
    itemsSold: new Counter({
      name: 'shop_items_sold_total',
      help: 'Items sold, by channel: checkout or admin',
      labelNames: ['channel'] as const,
      registers,
    }),
    checkouts: new Counter({
      name: 'shop_checkouts_total',
      help: 'Checkouts by outcome',
      labelNames: ['outcome'] as const,
      registers,
    }),
    payments: new Counter({
      name: 'shop_payments_total',
      help: 'Payments by outcome: captured, pending, declined, error (at checkout); page_opened, paid, processing, unpaid_cancelled, duplicate_event, ignored_event (hosted pages)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    refunds: new Counter({
      name: 'shop_refunds_total',
      help: 'Payments given back (voids and refunds) by outcome: requested, refunded, failed',
      labelNames: ['outcome'] as const,
      registers,
    }),
    drafts: new Counter({
      name: 'shop_drafts_total',
      help: 'Drafting runs by outcome: drafted, retry, failed',
      labelNames: ['outcome'] as const,
      registers,
    }),
    draftDuration: new Histogram({
      name: 'shop_draft_duration_seconds',
      help: 'Duration of drafting runs by outcome',
      labelNames: ['outcome'] as const,
      buckets: DRAFT_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'shop_rate_limit_refusals_total',
      help: 'Requests refused with 429, by limiter',
      labelNames: ['limiter'] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: 'shop_job_runs_total',
      help: 'Job runs by kind and outcome: done, error',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    mailSendFailures: new Counter({
      name: 'shop_mail_send_failures_total',
      help: 'Attempts at sending a mail of the outbox that failed (each is retried or given up)',
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'shop_webhook_attempts_total',
      help: 'Webhook delivery attempts by outcome: delivered, failed, refused (address not allowed)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    storefrontIndex: {
      items: new Gauge({
        name: 'shop_storefront_index_items',
        help: 'Items in the storefront index of this instance',
        registers,
      }),
      lag: new Gauge({
        name: 'shop_storefront_index_lag_seconds',
        help: 'From hearing of the last applied catalogue change to having it in the index',
        registers,
      }),
      reloads: new Counter({
        name: 'shop_storefront_index_reloads_total',
        help: 'Whole loads of the storefront index (the first one included)',
        registers,
      }),
    },
    storefrontItemJson: {
      bytes: new Gauge({
        name: 'shop_storefront_item_json_bytes',
        help: 'Bytes of item JSON the storefront of this instance keeps, with an estimate of their bookkeeping (bounded by STOREFRONT_ITEM_JSON_MB)',
        registers,
      }),
      items: new Gauge({
        name: 'shop_storefront_item_json_items',
        help: 'Items whose JSON the storefront of this instance keeps',
        registers,
      }),
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The gauges read when Prometheus scrapes (what the database knows, and this process's pool). */
export interface ScrapedState {
  pool(): { inUse: number; waiting: number };
  jobs(): Promise<
    Array<{
      kind: string;
      ready: number;
      running: number;
      failed: number;
      oldest_ready_age_seconds: number;
    }>
  >;
  outbox(): Promise<{ waiting: number; failed: number; oldest_age_seconds: number }>;
  webhooks(): Promise<{
    waiting: number;
    failed: number;
    oldest_age_seconds: number;
    endpoints_disabled: number;
  }>;
}

interface ScrapeLog {
  warn(details: object, message: string): void;
}

/**
 * Turns on what costs: the runtime collectors (event-loop delay, heap, RSS) and
 * the gauges read at scrape time. A read that fails leaves its gauges out of that
 * scrape (the database may be away; the scrape still answers).
 */
export function observe(
  metrics: Metrics,
  state: ScrapedState,
  log: ScrapeLog,
): { scrape(): Promise<string> } {
  const registers = [metrics.registry];
  // Each scrape reads the database once per source, however many gauges a read fills.
  let scrape = 0;
  const sharedRead = <T>(read: () => Promise<T>, what: string) => {
    let last: { scrape: number; value: Promise<T | undefined> } | null = null;
    return (): Promise<T | undefined> => {
      if (last?.scrape === scrape) return last.value;
      const value = read().catch((error: unknown) => {
        log.warn({ err: error }, `metrics: ${what} could not be read`);
        return undefined;
      });
      last = { scrape, value };
      return value;
    };
  };
  collectDefaultMetrics({ register: metrics.registry, eventLoopMonitoringPrecision: 20 });

  new Gauge({
    name: 'shop_db_pool_connections_in_use',
    help: 'Database connections lent out now (this instance)',
    registers,
    collect() {
      this.set(state.pool().inUse);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting_requests',
    help: 'Callers waiting for a database connection (this instance)',
    registers,
    collect() {
      this.set(state.pool().waiting);
    },
  });

  const jobs = sharedRead(state.jobs, 'the job queue');
  const byKind = (
    name: string,
    help: string,
    value: (row: Awaited<ReturnType<ScrapedState['jobs']>>[number]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers,
      async collect() {
        const rows = await jobs();
        this.reset();
        for (const row of rows ?? []) this.set({ kind: row.kind }, value(row));
      },
    });
  byKind('shop_jobs_ready', 'Jobs due and not yet claimed, by kind', (row) => row.ready);
  byKind('shop_jobs_running', 'Jobs claimed by a worker, by kind', (row) => row.running);
  byKind(
    'shop_jobs_failed',
    'Jobs given up after their last attempt, by kind',
    (row) => row.failed,
  );
  byKind(
    'shop_jobs_oldest_ready_age_seconds',
    'How long the oldest due job of a kind has waited to be claimed',
    (row) => row.oldest_ready_age_seconds,
  );

  const single = <T>(
    read: () => Promise<T | undefined>,
    name: string,
    help: string,
    value: (state: T) => number,
  ) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const got = await read();
        if (got === undefined) this.reset();
        else this.set(value(got));
      },
    });
  const outbox = sharedRead(state.outbox, 'the mail outbox');
  single(
    outbox,
    'shop_mail_outbox_waiting',
    'Mails not yet sent and still being tried',
    (o) => o.waiting,
  );
  single(
    outbox,
    'shop_mail_outbox_failed',
    'Mails given up on (an admin can resend them)',
    (o) => o.failed,
  );
  single(
    outbox,
    'shop_mail_outbox_oldest_waiting_age_seconds',
    'Age of the oldest mail still being tried',
    (o) => o.oldest_age_seconds,
  );
  const webhooks = sharedRead(state.webhooks, 'the webhook deliveries');
  single(
    webhooks,
    'shop_webhook_deliveries_waiting',
    'Webhook deliveries not yet delivered and still being tried',
    (w) => w.waiting,
  );
  single(
    webhooks,
    'shop_webhook_deliveries_failed',
    'Webhook deliveries given up on after a day of attempts',
    (w) => w.failed,
  );
  single(
    webhooks,
    'shop_webhook_oldest_waiting_age_seconds',
    'Age of the oldest webhook delivery still being tried',
    (w) => w.oldest_age_seconds,
  );
  single(
    webhooks,
    'shop_webhook_endpoints_disabled',
    'Webhook endpoints disabled after a day of failures',
    (w) => w.endpoints_disabled,
  );

  return {
    scrape() {
      scrape++;
      return metrics.registry.metrics();
    },
  };
}
