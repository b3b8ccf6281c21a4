export interface Searchable {
  /** Currency code, e.g. "BTC". */
  currency: string;
  /** Display name, e.g. "Bitcoin". */
  name: string;
}

/** Spec §5: a search matches the currency code or the name, case-insensitively. */
function matchesSearch(item: Searchable, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  return item.currency.toLowerCase().includes(needle) || item.name.toLowerCase().includes(needle);
}

export function filterBySearch<T extends Searchable>(items: readonly T[], query: string): T[] {
  return items.filter((item) => matchesSearch(item, query));
}
