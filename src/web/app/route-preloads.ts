/**
 * What each page needs for its first paint, announced in the index.html the
 * server answers for its path.
 *
 * `modules` (paths under src/web): the code it needs beyond the main bundle,
 * beyond the main bundle. The build turns them into the chunk files they
 * became (vite.config.ts writes `.vite/route-preloads.json`), and the server
 * announces those files in the index.html it answers for the path
 * (`<link rel="modulepreload">`), so the browser fetches them with the main
 * bundle instead of one after another as each lazy import runs.
 *
 * `data`: the API answers its first paint waits for (`<link rel="preload"
 * as="fetch">`), fetched while the code loads. `{storeId}` is the server's
 * STORE_ID and `{id}` the path's `:id`, both URL-encoded. They must be the
 * exact URLs the page asks for (route-preloads.test.ts checks the store's).
 *
 * A path is matched segment by segment; `:name` matches any one segment.
 * Keep it in step with shell-routes.tsx.
 */
export interface RoutePreload {
  path: string;
  modules: string[];
  data?: string[];
}

export const ROUTE_PRELOADS: RoutePreload[] = [
  {
    path: '/store',
    modules: [
      'app/app-shell.tsx',
      'features/store/store-layout.tsx',
      'features/store/pages/store-page.tsx',
    ],
    data: ['/api/store/{storeId}/products?limit=100&sort_by=order&order=ASC'],
  },
  {
    path: '/product/:id',
    modules: [
      'app/app-shell.tsx',
      'features/store/store-layout.tsx',
      'features/store/pages/product-page.tsx',
    ],
    data: [
      '/api/store/{storeId}/products/{id}',
      '/api/store/{storeId}/variants?fields=inventory_quantity&product_ids%5B%5D={id}',
    ],
  },
  { path: '/login', modules: ['app/app-shell.tsx', 'features/accounts/login-page.tsx'] },
  { path: '/register', modules: ['app/app-shell.tsx', 'features/accounts/register-page.tsx'] },
  { path: '/terms', modules: ['app/app-shell.tsx', 'features/legal/terms-page.tsx'] },
  { path: '/support', modules: ['app/app-shell.tsx', 'features/support/support-page.tsx'] },
];
