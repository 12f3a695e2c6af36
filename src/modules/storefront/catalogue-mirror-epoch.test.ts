import { describe, expect, it } from 'vitest';
import { FakeNotifications } from '../../../test/support/fake-notifications.js';
import type { IndexRow } from './catalogue-index.js';
import { catalogueMirror, type MirrorSource } from './catalogue-mirror.js';
import type { CatalogueChange, CatalogueVersion, CatalogueView } from './catalogue-version.js';

// The mirror's shell reads the epoch after a batch's rows (mirror-machine.ts,
// rowsRead): a database restored after a commit was heard and before its item
// was read again gives an older row, which must not be applied as that commit's.

const row = (priceCents: number): IndexRow => ({
  id: 1,
  status: 'available',
  price_cents: priceCents,
  listed_at: '2026-11-26 12:00:00.000000',
  category_path: [],
  tag_ids: [],
  condition: null,
  lexemes: [],
});

const viewOf = (epoch: string, version: number): CatalogueView => ({
  epoch,
  version,
  life: 1,
  tag: `${epoch}-${version}`,
  changedSince: () => true,
});

describe('the storefront mirror reading changed rows', () => {
  it("does not apply rows read from a restored database as the followed epoch's", async () => {
    // The database: one item, its epoch and version.
    const database = { epoch: 'e1', version: 1, price: 1_000 };
    const source: MirrorSource = {
      indexSnapshot: async (onPage) => {
        await onPage([row(database.price)], 1);
        return { epoch: database.epoch, version: database.version, slugs: new Map() };
      },
      indexRows: async () => [row(database.price)],
      tagSlugs: async () => new Map(),
      catalogueEpoch: async () => database.epoch,
      searchTerms: async () => [],
    };
    let tell: (change: CatalogueChange) => void = () => {};
    const version: CatalogueVersion = {
      view: async () => viewOf(database.epoch, database.version),
      current: async () => `${database.epoch}-${database.version}`,
      follow(listener) {
        tell = listener;
        return () => {};
      },
      close() {},
    };
    const mirror = catalogueMirror(source, version, new FakeNotifications(), { warn() {} });
    try {
      tell({ epoch: 'e1', life: 1, version: 1, scope: '*' });
      await mirror.facets(viewOf('e1', 1));
      await mirror.settled();
      expect((await mirror.facets(viewOf('e1', 1)))?.priceBounds().min).toBe(1_000);

      // Version 2 changes the price and is heard; before the item is read again
      // the database is restored from an older backup (another epoch).
      Object.assign(database, { epoch: 'e2', version: 1, price: 500 });
      tell({ epoch: 'e1', life: 1, version: 2, scope: { dims: ['price'], ids: [1] } });
      await mirror.settled();

      // The restored row is not version 2's: the index does not answer it...
      expect(await mirror.facets(viewOf('e1', 2))).toBeNull();
      // ...and still answers version 1 as it was.
      expect((await mirror.facets(viewOf('e1', 1)))?.priceBounds().min).toBe(1_000);
    } finally {
      await mirror.close();
    }
  });
});
