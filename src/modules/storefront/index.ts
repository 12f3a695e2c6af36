import type { App, AppContext } from '../../context.js';
import type { Notifications } from '../../db/notifications.js';
import { versionedResponses } from '../../http/versioned-responses.js';
import { mediaUrlFor } from '../../media/storage.js';
import type { Metrics } from '../../observability/metrics.js';
import { catalogueMirror, type MirrorObserver } from './catalogue-mirror.js';
import type { CatalogueVersion } from './catalogue-version.js';
import { itemCards, itemJsonMetrics } from './item-cards.js';
import { itemsRepository } from './items.repository.js';
import { storefrontRoutes } from './items.routes.js';
import { storefrontService } from './storefront.service.js';

/** Enough for every filter combination a busy storefront sees in one catalogue version. */
const CACHED_RESPONSES = 1_000;
/** Items whose JSON is made per statement while warming the kept cards: parsing and
 * serialising 50 takes a few ms of the event loop, 250 took tens. */
const WARM_BATCH = 50;

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront's memory; tests wait for it to settle before counting statements. */
    storefrontMemory: StorefrontMemory;
  }
}

/** What the storefront keeps in memory, as far as others wait for it. */
export interface StorefrontMemory {
  /** Resolves once the index has applied what was heard and no item JSON is being warmed. */
  settled(): Promise<void>;
}

/** `cachedResponses` 0 turns response, item-JSON and index reuse off (benchmarks measure the query path that way). */
export async function storefrontModule(
  app: App,
  ctx: AppContext,
  version: CatalogueVersion,
  notifications: Notifications,
  cachedResponses = CACHED_RESPONSES,
): Promise<StorefrontMemory> {
  const reuse = cachedResponses > 0;
  // A sixty-fourth of the bound for the JSON of the cards written out most (written-cards.ts).
  const itemJsonBytes = reuse ? ctx.config.storefront.itemJsonBytes : 0;
  const writtenBytes = Math.floor(itemJsonBytes / 64);
  const cards = itemCards(
    itemJsonBytes - writtenBytes,
    itemJsonMetrics(ctx.metrics.storefrontItemJson),
    undefined,
    writtenBytes,
  );
  let warming: Promise<void> | null = null;
  let closed = false;
  const mirror = reuse
    ? catalogueMirror(
        itemsRepository(ctx.db),
        version,
        notifications,
        app.log,
        (ids) => {
          warming ??= warm(ids).finally(() => {
            warming = null;
          });
        },
        indexMetrics(ctx.metrics.storefrontIndex),
      )
    : undefined;
  const storefront = storefrontService(ctx.db, mediaUrlFor(ctx.config), mirror);

  /**
   * Each visible item's JSON made once the index is loaded, newest first, a batch at
   * a time, until one finds no room: what follows is older and would only churn.
   */
  async function warm(ids: Int32Array): Promise<void> {
    const refused = cards.refusals();
    try {
      // A load starts a life: the cards of earlier ones only hold room now.
      cards.forgetBefore(await version.view());
      for (let i = 0; i < ids.length && !closed && cards.refusals() === refused; i += WARM_BATCH) {
        await storefront.warmCards(
          Array.from(ids.subarray(i, i + WARM_BATCH)),
          cards,
          await version.view(),
        );
      }
    } catch (error) {
      // Only a head start: each card is made when first asked for anyway.
      app.log.warn({ err: error }, 'Warming the storefront item JSON stopped.');
    }
  }

  app.addHook('onClose', async () => {
    closed = true;
    await mirror?.close();
    await warming;
  });
  storefrontRoutes(
    app,
    storefront,
    version,
    versionedResponses(cachedResponses),
    cards,
    reuse ? {} : undefined,
  );
  return {
    async settled() {
      // A load that finishes starts warming, and a change heard meanwhile starts a
      // read: settled only when both are idle at once.
      for (;;) {
        await mirror?.settled();
        if (!warming) return;
        await warming;
      }
    },
  };
}

/** The index's size, lag and reloads as metrics (docs/operations.md). */
function indexMetrics(metrics: Metrics['storefrontIndex']): MirrorObserver {
  return {
    loaded(items) {
      metrics.reloads.inc();
      metrics.items.set(items);
      metrics.lag.set(0);
    },
    applied(lagMs, items) {
      metrics.lag.set(lagMs / 1000);
      metrics.items.set(items);
    },
  };
}
