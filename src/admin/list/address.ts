/**
 * A list's state in the address (`?status=new&q=byrne&page=2`), so a list can be bookmarked,
 * shared and reloaded, and a dashboard figure can link to the list it counts. One module for
 * every back-office list. `page` is one-based, as the pager shows it: `?page=2` is the second
 * page on every screen. The server validates the filter values, so anything odd in an address
 * comes back as its 400 message rather than being guessed at here.
 */

/** The list state an address carries: the named filter keys that are set, and the zero-based page. */
export function readListAddress<K extends string>(search: string, keys: readonly K[]): { filter: Partial<Record<K, string>>; page: number } {
  const params = new URLSearchParams(search);
  const filter: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  const page = Number(params.get('page'));
  return { filter, page: Number.isInteger(page) && page > 1 ? page - 1 : 0 };
}

/** The address of the list in this state: only the filters that are set, and the page (one-based) when past the first. */
export function listAddress(pathname: string, filter: Partial<Record<string, string>>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  if (page > 0) params.set('page', String(page + 1));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Keeps the address in step with the list on screen. It replaces the history entry (the list
 * is one page in the history), so Back leaves the list rather than undoing each filter.
 */
export function writeListAddress(filter: Partial<Record<string, string>>, page: number): void {
  const next = listAddress(window.location.pathname, filter, page);
  if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', next);
}
