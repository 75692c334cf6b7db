import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers with a Content-Security-Policy the SPA really runs under:
 * no inline scripts, styles only from our bundle plus the inline style
 * attributes React and Radix set. Later features add payment origins here.
 *
 * helmet computes the headers once at start; a hook copies them onto every
 * response. (@fastify/helmet rebuilds the helmet middleware on every request,
 * which cost about a fifth of the server's throughput.)
 */
export interface SecurityOptions {
  isProduction: boolean;
  /** Origins images may also load from (S3_PUBLIC_URL's bucket or CDN). */
  imageOrigins?: string[];
}

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Stripe.js (card payments on payment links) loads from Stripe and frames its fields.
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Served over plain http in development; HSTS only makes sense in production.
    strictTransportSecurity: options.isProduction,
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
