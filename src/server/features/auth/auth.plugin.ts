import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
}

/** Better Auth on the app's database, for the routes and the session lookup. */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { isSuspended?: (userId: string) => Promise<boolean> }) => {
    app.decorate(
      'auth',
      createAuth({
        config: app.config,
        db: app.db,
        mailer: app.mailer,
        ...(options.isSuspended ? { isSuspended: options.isSuspended } : {}),
      }),
    );
  },
);
