import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/actor.plugin';

/**
 * Step-up, as GitHub's sudo mode: a route that changes where money goes asks
 * for the password (or a code) typed within the last STEP_UP_MINUTES. Signing
 * in counts; so does POST /api/account/verify, which marks the session
 * (auth/sessions.service.ts).
 */
export function isRecentlyVerified(
  actor: Pick<Actor, 'verifiedAt'>,
  minutes: number,
  now = Date.now(),
): boolean {
  return now < verifiedUntil(actor, minutes).getTime();
}

/** When the session's last verification stops counting. */
export function verifiedUntil(actor: Pick<Actor, 'verifiedAt'>, minutes: number): Date {
  return new Date(actor.verifiedAt.getTime() + minutes * 60_000);
}

export interface StepUpOptions {
  /**
   * Only when this answers true (say, when the payout details in the body differ
   * from the stored ones); without it, every request of the route.
   */
  when?: (request: FastifyRequest) => boolean | Promise<boolean>;
}

/**
 * A route's preHandler: 401 without a session, 403 REAUTH_REQUIRED when the
 * session was not verified within the window. It runs before the handler, so
 * a refused request changes nothing.
 */
export function requireStepUp(
  app: FastifyInstance,
  options: StepUpOptions = {},
): preHandlerAsyncHookHandler {
  return async (request) => {
    const actor = request.actor ?? (await app.getActor(request));
    if (!actor) throw AppError.unauthorized(ACCOUNT_MESSAGES.unauthorized);
    if (isRecentlyVerified(actor, app.config.accountSecurity.stepUpMinutes)) return;
    if (options.when && !(await options.when(request))) return;
    throw new AppError(ERROR_CODES.reauthRequired, SECURITY_MESSAGES.reauthRequired, 403);
  };
}
