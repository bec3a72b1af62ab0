import type Database from 'better-sqlite3';

/**
 * The page cache of each SQLite connection, in KiB: SQLite's own default. better-sqlite3 builds
 * SQLite with 16 MB a connection, and the server keeps three (the documents' reader, their writer
 * thread, the app's tables); a start on a year of plods reads enough pages to fill each, and a
 * cache never gives back what it filled, so the memory at rest grew with the plods stored (about
 * 40 MB at 10,000, docs/benchmarks.md). A page not cached is read from the operating system's
 * file cache.
 */
export const PAGE_CACHE_KIB = 2_000;

/** Bounds `db`'s page cache to PAGE_CACHE_KIB. */
export function boundPageCache(db: Database.Database): void {
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
}
