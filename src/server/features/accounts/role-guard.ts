import type { FastifyInstance, FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@shared/accounts/accounts.schema';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import type { Actor } from './actor.plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the role guard: the signed-in user whose profile has the surface's role. */
    actor?: Actor & { profile: NonNullable<Actor['profile']> };
  }
}

/**
 * A preHandler: 401 without a session, 403 when the profile's role is not the
 * surface's, and 403 TWO_FACTOR_REQUIRED when the role must sign in with a
 * second factor (TWO_FACTOR_REQUIRED_ROLES) and the account has not turned it on.
 */
export function requireRole(app: FastifyInstance, ...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const actor = await app.getActor(request);
    if (!actor) throw AppError.unauthorized(ACCOUNT_MESSAGES.unauthorized);
    if (!actor.profile || !roles.includes(actor.profile.role)) {
      throw AppError.forbidden(ACCOUNT_MESSAGES.forbidden);
    }
    if (mustTurnOnTwoFactor(app, actor.profile.role, actor.twoFactorEnabled)) {
      throw new AppError(ERROR_CODES.twoFactorRequired, SECURITY_MESSAGES.twoFactorRequired, 403);
    }
    request.actor = { ...actor, profile: actor.profile };
  };
}

/** Whether accounts of this role must use a second factor (TWO_FACTOR_REQUIRED_ROLES). */
export function roleNeedsTwoFactor(app: FastifyInstance, role: Role): boolean {
  return app.config.accountSecurity.twoFactorRequiredRoles.includes(role);
}

/** Whether an account of this role must turn the second factor on before using its panel. */
export function mustTurnOnTwoFactor(
  app: FastifyInstance,
  role: Role,
  twoFactorEnabled: boolean,
): boolean {
  return !twoFactorEnabled && roleNeedsTwoFactor(app, role);
}

/**
 * One HTTP surface per actor (ARCHITECTURE §3): `/api/company`, `/api/seller`,
 * `/api/admin`. Routes registered inside run only for that role.
 */
export function roleSurface(role: Role, plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (surface) => {
    surface.addHook('preHandler', requireRole(surface, role));
    for (const plugin of plugins) await surface.register(plugin);
  };
}

/** The guarded actor of a request inside a role surface. */
export function actorOf(request: { actor?: Actor & { profile: NonNullable<Actor['profile']> } }) {
  if (!request.actor) throw AppError.unauthorized(ACCOUNT_MESSAGES.unauthorized);
  return request.actor;
}

/** Who acts, as services and audit entries name them: the user's id and their profile's name. */
export function actingUserOf(request: Parameters<typeof actorOf>[0]): { id: string; name: string } {
  const actor = actorOf(request);
  return { id: actor.userId, name: actor.profile.name };
}
