import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database is opened with: the migrations create `pg_trgm` (trigram indexes for
 * searches, #25), so each PGlite that opens a migrated data directory, or migrates one, must load it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
