/** Query keys of the seller's workspace, so a change can refresh what depends on it. */
export const sellerKeys = {
  all: ['seller'] as const,
  catalogue: () => [...sellerKeys.all, 'catalogue'] as const,
  orders: () => [...sellerKeys.all, 'orders'] as const,
  dashboard: () => [...sellerKeys.all, 'dashboard'] as const,
  settings: () => [...sellerKeys.all, 'settings'] as const,
  goals: () => [...sellerKeys.all, 'goals'] as const,
  ranking: (province: string | null) => [...sellerKeys.all, 'ranking', province] as const,
};

/** `?a=1&b=x` from the filled-in values only. */
export function searchOf(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
