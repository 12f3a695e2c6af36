import type { Dimension, Scope } from './catalogue-version.js';

/** Item ids whose last change is remembered; older ones share one floor. */
export const REMEMBERED_ITEMS = 10_000;

/**
 * Item changes gathered in a small map before they are merged into the large
 * one: a log is a value, and copying 10,000 ids on every commit would cost more
 * than the lookups it serves.
 */
const RECENT_ITEMS = 256;

/**
 * What changed when, within one life of memory: per dimension and per item the
 * version of its last change, and a floor, the last version whose scope is
 * unknown (a `*`, a commit read but never heard of): anything computed before
 * the floor is stale whatever it depends on. A log is never changed: recording
 * a change makes a new one, so a view answered from one stays what it was.
 */
export interface ChangeLog {
  readonly epoch: string;
  /** CatalogueView.life; -1 for a read that stands alone. */
  readonly life: number;
  readonly floor: number;
  readonly dims: ReadonlyMap<Dimension, number>;
  /** Oldest change first; shared between logs. */
  readonly items: ReadonlyMap<number, number>;
  /** Changes not yet merged into `items`, which they override. */
  readonly recentItems: ReadonlyMap<number, number>;
  /** Every item forgotten from `items` last changed at or before this. */
  readonly itemsFloor: number;
  /** The last version of any item change (0: none). */
  readonly lastItemChange: number;
  /** How many items are remembered before the oldest is forgotten into the floor. */
  readonly capacity: number;
}

export function startLog(
  epoch: string,
  life: number,
  floor: number,
  capacity = REMEMBERED_ITEMS,
): ChangeLog {
  return {
    epoch,
    life,
    floor,
    dims: new Map(),
    items: new Map(),
    recentItems: new Map(),
    itemsFloor: 0,
    lastItemChange: 0,
    capacity,
  };
}

/** The version of the last change `log` knows of item `id` (its floor when forgotten). */
function itemChangedAt(log: ChangeLog, id: number): number {
  return log.recentItems.get(id) ?? log.items.get(id) ?? log.itemsFloor;
}

/** `log` with a change of `scope` at `version` in it. */
export function recordChange(log: ChangeLog, version: number, scope: Scope): ChangeLog {
  if (scope === '*') return { ...log, floor: Math.max(log.floor, version) };
  const dims = new Map(log.dims);
  for (const dim of scope.dims) dims.set(dim, Math.max(dims.get(dim) ?? 0, version));
  if (scope.ids.length === 0) return { ...log, dims };
  const recentItems = new Map(log.recentItems);
  for (const id of scope.ids) {
    const at = Math.max(itemChangedAt(log, id), version);
    // Re-inserted so the map's order stays oldest change first.
    recentItems.delete(id);
    recentItems.set(id, at);
  }
  const lastItemChange = Math.max(log.lastItemChange, version);
  if (recentItems.size <= Math.min(RECENT_ITEMS, log.capacity))
    return { ...log, dims, recentItems, lastItemChange };

  const items = new Map(log.items);
  for (const [id, at] of recentItems) {
    items.delete(id);
    items.set(id, at);
  }
  let itemsFloor = log.itemsFloor;
  for (const [oldest, at] of items) {
    if (items.size <= log.capacity) break;
    items.delete(oldest);
    itemsFloor = Math.max(itemsFloor, at);
  }
  return { ...log, dims, items, recentItems: new Map(), itemsFloor, lastItemChange };
}

/**
 * Whether anything that `on` or `ids` depend on may have changed after version
 * `since`: true for everything before the floor.
 */
export function changedSince(
  log: ChangeLog,
  since: number,
  on: readonly Dimension[],
  ids: readonly number[],
): boolean {
  if (since < log.floor) return true;
  for (const dim of on) if ((log.dims.get(dim) ?? 0) > since) return true;
  if (log.lastItemChange <= since) return false;
  for (const id of ids) if (itemChangedAt(log, id) > since) return true;
  return false;
}
