/**
 * A small in-process cache of serialized catalogue answers (UTF-8 bytes, written as they are). The storefront grid
 * is read far more than it changes, so answers are kept for a short TTL and
 * refreshed in the background (the stale answer is served meanwhile); concurrent
 * misses share one load. Writes in this process clear it at once; other
 * instances see a change within the TTL. Live stock (GET variants) and checkout
 * never read from it.
 */
export class ResponseCache<T = Buffer> {
  private readonly entries = new Map<
    string,
    { value?: T; expires: number; pending?: Promise<T> }
  >();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry?.value !== undefined) {
      if (entry.expires <= this.now() && !entry.pending) this.refresh(key, load);
      return entry.value;
    }
    if (entry?.pending) return entry.pending;
    return this.refresh(key, load);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  private refresh(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.generation;
    const existing = this.entries.get(key);
    const pending = load().then(
      (value) => {
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        const current = this.entries.get(key);
        if (current?.pending === pending) {
          if (current.value === undefined) this.entries.delete(key);
          else delete current.pending;
        }
        throw error;
      },
    );
    if (existing) existing.pending = pending;
    else this.entries.set(key, { expires: 0, pending });
    // A background refresh that fails keeps serving the stale answer.
    if (existing?.value !== undefined) pending.catch(() => {});
    return pending;
  }

  private store(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
