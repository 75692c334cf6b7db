/** Every link in the app, typed. Components never write paths by hand. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  authCallback: '/auth/callback',
  /** The 'No fui yo' link of the e-mail about a change of payout details (`?token=…`). */
  notMe: '/account/not-me',
  dashboard: '/dashboard',
  terms: '/terms',
  termsPdf: '/terminos.pdf',
  support: '/support',
  store: '/store',
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  success: '/success',
  checkout: (orderId: string) => `/checkout/${encodeURIComponent(orderId)}`,
  company: '/company',
  seller: '/seller',
  admin: '/admin',
} as const;
