import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a Content-Security-Policy the SPA really runs under:
 * no inline scripts, styles only from our bundle plus the inline style
 * attributes React and Radix set. Later features add payment origins here.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { isProduction: boolean }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'none'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      // Served over plain http in development; HSTS only makes sense in production.
      hsts: options.isProduction,
      crossOriginEmbedderPolicy: false,
    });
  },
);
