/**
 * A per-instance read cache with a size bound and an optional time to live. Never a source of
 * truth: only facts that cannot change (an account's id) or may be stale for a moment go here,
 * so a second server instance never needs what this one holds.
 */
export function createBoundedCache<K, V>(options: { max: number; ttlMs?: number }) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    delete(key: K): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
    /** `until` overrides the cache's time to live (e.g. a token's own expiry), in epoch ms. */
    set(key: K, value: V, until?: number): void {
      // Oldest first: a Map iterates in insertion order.
      if (entries.size >= options.max && !entries.has(key)) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, until: until ?? Date.now() + (options.ttlMs ?? Number.POSITIVE_INFINITY) });
    },
  };
}
