import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { touchSession } from '../auth/sessions.service';
import { findProfile, type ProfileRow } from '../profiles/profiles.service';

export interface Actor {
  userId: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** Whether the account signs in with a second factor (an authenticator app). */
  twoFactorEnabled: boolean;
  sessionId: string;
  /**
   * When this session's owner last proved who they are: the sign-in, or a
   * password or code typed again since (account-security/step-up.ts).
   */
  verifiedAt: Date;
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
  // "Last used" for the Seguridad page's list of sessions, written at most every few minutes.
  await touchSession(app.db, session.session.id, new Date(session.session.updatedAt)).catch(
    (error: unknown) => app.log.warn({ err: error }, 'could not record when a session was used'),
  );
  return {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    emailVerified: session.user.emailVerified,
    twoFactorEnabled: session.user.twoFactorEnabled === true,
    sessionId: session.session.id,
    verifiedAt: lastVerification(session.session.createdAt, session.session.verifiedAt),
    profile,
  };
}

/** The later of the sign-in and the last step-up, as dates whatever the driver answered. */
function lastVerification(createdAt: Date | string, verifiedAt: Date | string | null | undefined) {
  const signedIn = new Date(createdAt);
  if (!verifiedAt) return signedIn;
  const steppedUp = new Date(verifiedAt);
  return steppedUp > signedIn ? steppedUp : signedIn;
}
