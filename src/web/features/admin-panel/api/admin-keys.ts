/** Query keys of the admin panel's lists, so a change can refresh what depends on it. */
export const adminKeys = {
  all: ['admin'] as const,
  products: (query: string) => [...adminKeys.all, 'products', query] as const,
  users: (query: string) => [...adminKeys.all, 'users', query] as const,
  // The company filter's list (components/company-filter.tsx) sits under users too.
  leaderboard: (province: string) => [...adminKeys.all, 'leaderboard', province] as const,
  audit: (query: string) => [...adminKeys.all, 'audit', query] as const,
};

/** `a=1&b=x` from the filled-in values only. */
export function queryOf(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}
