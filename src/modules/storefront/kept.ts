import type { CatalogueView, Dimension } from './catalogue-version.js';

/** Something worked out at one version of one life of memory (an item's JSON, a part of /api/filters). */
export interface Kept<T> {
  epoch: string;
  life: number;
  version: number;
  value: T;
}

/** Keeps `value` as worked out at `view`. */
export const keptAt = <T>(view: CatalogueView, value: T): Kept<T> => ({
  epoch: view.epoch,
  life: view.life,
  version: view.version,
  value,
});

/** Whether a kept value is still true at `view`, for the dimensions and items it depends on. */
export function stillTrue(
  kept: Kept<unknown> | undefined,
  view: CatalogueView,
  dims: readonly Dimension[],
  ids: readonly number[],
): boolean {
  return kept !== undefined && trueAt(kept.epoch, kept.life, kept.version, view, dims, ids);
}

/** stillTrue for a value worked out at `epoch`, `life` and `version`, kept other than as a Kept (card-store.ts's columns). */
export function trueAt(
  epoch: string,
  life: number,
  version: number,
  view: CatalogueView,
  dims: readonly Dimension[],
  ids: readonly number[],
): boolean {
  return epoch === view.epoch && life === view.life && !view.changedSince(version, dims, ids);
}
