import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { findProfile, type ProfileRow } from '../profiles/profiles.service';
import { createAuth, type Auth } from './auth';

export interface Actor {
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  sessionId: string;
  profile: ProfileRow | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in user of this request and their profile, or null. Cached per request. */
    getActor(request: FastifyRequest): Promise<Actor | null>;
  }
  interface FastifyRequest {
    actorPromise?: Promise<Actor | null>;
  }
}

/** Better Auth on the app's database, and a per-request way to know who is calling. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const auth = createAuth({ config: app.config, db: app.db, mailer: app.mailer });
  app.decorate('auth', auth);
  app.decorateRequest('actorPromise', undefined);
  app.decorate('getActor', (request: FastifyRequest) => {
    request.actorPromise ??= loadActor(app, request);
    return request.actorPromise;
  });
});

async function loadActor(app: FastifyInstance, request: FastifyRequest): Promise<Actor | null> {
  if (!request.headers.cookie) return null;
  const session = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    sessionId: session.session.id,
    profile: await findProfile(app.db, session.user.id),
  };
}
