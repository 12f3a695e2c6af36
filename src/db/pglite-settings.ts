import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** Extensions the migrations create: unaccent folds accents in text search (0026). */
export const PGLITE_EXTENSIONS = { unaccent };

/**
 * PostgreSQL's memory inside PGlite, sized for a small host (issue 35 item 6).
 * PGlite keeps PostgreSQL's defaults, and its shared buffers (128 MB) are resident
 * from the start: in a bare process 295 MB open, against 180 MB with 16 MB. The
 * storefront answers lists from its own index and item JSON from memory, and
 * PGlite reads its files through the operating system's page cache, so what the
 * buffers would hold is cached once anyway, where it can be given back.
 */
const SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB'];

/** PGlite's start parameters with ours added (`-c name=value`, as postgres takes them). */
export function pgliteOptions(): Pick<PGliteOptions, 'startParams'> {
  return {
    startParams: [...PGlite.defaultStartParams, ...SETTINGS.flatMap((setting) => ['-c', setting])],
  };
}
