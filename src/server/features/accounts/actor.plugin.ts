import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { findProfile, type ProfileRow } from '../profiles/profiles.service';

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
    /** The signed-in user of this request and their profile, or null. Cached per request. */
    getActor(request: FastifyRequest): Promise<Actor | null>;
  }
  interface FastifyRequest {
    actorPromise?: Promise<Actor | null>;
  }
}

/** A per-request way to know who is calling: Better Auth's session and the user's profile. */
export const actorPlugin = fp(async (app: FastifyInstance) => {
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
  const profile = await findProfile(app.db, session.user.id);
  // A banned seller's sessions end when they are banned; one still in flight is nobody.
  if (profile?.bannedAt) return null;
  return {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    sessionId: session.session.id,
    profile,
  };
}
