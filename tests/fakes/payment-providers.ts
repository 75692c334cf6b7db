/**
 * Local stand-ins for MercadoPago's and Stripe's HTTP APIs, on loopback: the
 * server talks to them through MERCADOPAGO_API_URL and STRIPE_API_URL, so no
 * test reaches the internet.
 */
export type { RecordedRequest } from './fake-http';
export * from './fake-mercadopago';
export * from './fake-stripe';
