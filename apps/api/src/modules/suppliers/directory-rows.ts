import type { Db } from '../../db/client.ts';
import { listSupplierDirectory, type DirectoryRow } from './suppliers.marketplace.repository.ts';

/**
 * The directory's market rows (one per supplier: lines, customers, GMV), kept in this process and
 * refreshed by supplier: a stock count or an order changes one supplier's row, which reads again in under
 * a millisecond, where the whole market costs tens (docs/decisions/0007). The change feed says which
 * suppliers changed (marketplace-tags.ts, directorySuppliersOf); the whole list is read again at start, at
 * midnight (stocked lines depend on the day), after a gap in the feed, and when a row would move (a new
 * supplier, a new name, a change of activation), so the order stays the database's.
 */
export class DirectoryRows {
  #rows: DirectoryRow[] | null = null;
  #index = new Map<string, number>();
  #day = '';
  #whole = true;
  readonly #dirty = new Set<string>();
  /** Moves on with every change; a refresh serves the readers who arrived before it started. */
  #version = 0;
  #refreshing: { version: number; promise: Promise<DirectoryRow[]> } | null = null;

  constructor(private readonly db: Db) {}

  /** These suppliers' rows may have changed; 'all' when the list itself may have. */
  changed(suppliers: readonly string[] | 'all'): void {
    this.#version += 1;
    if (suppliers === 'all') this.#whole = true;
    else for (const id of suppliers) this.#dirty.add(id);
  }

  /** The rows as of every change heard so far; at once when nothing changed since the last read. */
  get(today: string): DirectoryRow[] | Promise<DirectoryRow[]> {
    if (this.#rows && this.#day === today && !this.#whole && this.#dirty.size === 0) return this.#rows;
    const version = this.#version;
    if (this.#refreshing && this.#refreshing.version >= version) return this.#refreshing.promise;
    // One refresh at a time, so an older answer never overwrites a newer one.
    const previous = this.#refreshing?.promise.catch(() => undefined) ?? Promise.resolve();
    const promise = previous.then(() => this.#refresh(today));
    const refreshing = { version, promise };
    this.#refreshing = refreshing;
    void promise.then(
      () => this.#settle(refreshing),
      () => this.#settle(refreshing),
    );
    return promise;
  }

  #settle(refreshing: { promise: Promise<DirectoryRow[]> }) {
    if (this.#refreshing === refreshing) this.#refreshing = null;
  }

  async #refresh(today: string): Promise<DirectoryRow[]> {
    const whole = this.#whole || !this.#rows || this.#day !== today;
    const ids = [...this.#dirty];
    if (!whole && ids.length === 0) return this.#rows!;
    this.#whole = false;
    this.#dirty.clear();
    try {
      if (!whole) {
        const patched = await this.#patch(today, ids);
        if (patched) return patched;
      }
      return this.#keep(today, await listSupplierDirectory(this.db, { today }));
    } catch (err) {
      // Not refreshed: the next reader tries again.
      if (whole) this.#whole = true;
      for (const id of ids) this.#dirty.add(id);
      throw err;
    }
  }

  /** The rows with these suppliers read again, or null when one of them would change place. */
  async #patch(today: string, ids: string[]): Promise<DirectoryRow[] | null> {
    const fresh = await listSupplierDirectory(this.db, { today, supplierIds: ids });
    const next = [...this.#rows!];
    for (const row of fresh) {
      const at = this.#index.get(row.id);
      const old = at === undefined ? undefined : next[at];
      if (at === undefined || !old || old.name !== row.name || old.isActive !== row.isActive) return null;
      next[at] = row;
    }
    return this.#keep(today, next);
  }

  #keep(today: string, rows: DirectoryRow[]): DirectoryRow[] {
    this.#rows = rows;
    this.#day = today;
    this.#index = new Map(rows.map((row, i) => [row.id, i]));
    return rows;
  }
}
