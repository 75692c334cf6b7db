import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import {
  AccountSessionList,
  SessionIdParams,
  StepUpStatus,
  VerifyBody,
} from '@shared/account-security/account-security.schema';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import { z } from '@shared/zod';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../accounts/actor.plugin';
import { roleNeedsTwoFactor } from '../accounts/role-guard';
import { recordAudit } from '../audit/audit.service';
import { askBetterAuth, authRateLimit, sendAnswer } from '../auth/auth.routes';
import {
  closeOtherSessions,
  closeSession,
  listOpenSessions,
  markSessionVerified,
} from '../auth/sessions.service';
import { isTotpCode, normalizeBackupCode } from '../auth/two-factor-codes';
import { requireStepUp, verifiedUntil } from './step-up';

/**
 * /api/account: what any signed-in account does about its own security —
 * step-up (verify), and its open sessions (list, close one, close the others).
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/verify',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Confirma la contraseña (o un código de verificación) para poder cambiar adónde va el dinero por unos minutos',
        body: VerifyBody,
        response: { 204: z.null() },
      },
      config: { rateLimit: authRateLimit(app) },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      const headers = fromNodeHeaders(request.headers);
      const body = request.body;
      if ('code' in body && !actor.twoFactorEnabled) {
        throw AppError.validation(SECURITY_MESSAGES.twoFactorNotOn, {
          code: SECURITY_MESSAGES.twoFactorNotOn,
        });
      }
      // Wrong passwords and codes count on the account's sign-in limit (sign-in protection):
      // a stolen session cannot guess on, and past the limit the account is locked.
      await app.signInGuard
        .checkPassword({ userId: actor.userId }, async () => {
          const right = await accepted(
            'password' in body
              ? app.auth.api.verifyPassword({ body: { password: body.password }, headers })
              : verifyCode(app, body.code, headers),
          );
          return { password: right ? 'right' : 'wrong', value: right };
        })
        .then((right) => {
          if (!right) throw refusal('password' in body);
        });
      await markSessionVerified(app.db, actor);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Hasta cuándo la sesión puede cambiar adónde va el dinero sin confirmar la contraseña de nuevo',
        response: { 200: StepUpStatus },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      reply.header('cache-control', 'no-store');
      return {
        verified_until: verifiedUntil(
          actor,
          app.config.accountSecurity.stepUpMinutes,
        ).toISOString(),
      };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Las sesiones abiertas de la cuenta (sin sus tokens)',
        response: { 200: AccountSessionList },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      reply.header('cache-control', 'no-store');
      return listOpenSessions(app.db, actor);
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Cierra una sesión de la cuenta',
        params: SessionIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      if (!(await closeSession(app.db, actor, request.params.id))) {
        throw AppError.notFound(SECURITY_MESSAGES.sessionNotFound);
      }
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/revoke-others',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Cierra todas las sesiones de la cuenta menos esta',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      await closeOtherSessions(app.db, actor);
      return reply.status(204).send(null);
    },
  );
};

/**
 * Better Auth's own route that turns the second factor off, behind step-up:
 * it weakens the account, so a fresh password or code first. Registered under /api.
 */
export const twoFactorGuardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/two-factor/disable',
    {
      schema: { hide: true },
      config: { rateLimit: authRateLimit(app) },
      preHandler: [refuseForRequiredRoles(app), requireStepUp(app)],
    },
    async (request, reply) => {
      const actor = await signedIn(app, request);
      sendAnswer(reply, await askBetterAuth(app, request));
      // Better Auth wrote the change in its own statements; the audit entry follows it.
      if (reply.statusCode === 200) {
        await recordAudit(app.db, {
          actorId: actor.userId,
          actorName: actor.name,
          action: 'account.two_factor_disabled',
          targetType: 'user',
          targetId: actor.userId,
        });
      }
      return reply;
    },
  );
};

/** An account whose role must use the factor keeps it (TWO_FACTOR_REQUIRED_ROLES). */
function refuseForRequiredRoles(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const actor = await signedIn(app, request);
    if (actor.profile && roleNeedsTwoFactor(app, actor.profile.role)) {
      throw AppError.forbidden(SECURITY_MESSAGES.twoFactorCannotTurnOff);
    }
  };
}

async function signedIn(app: FastifyInstance, request: FastifyRequest): Promise<Actor> {
  const actor = await app.getActor(request);
  if (!actor) throw AppError.unauthorized(ACCOUNT_MESSAGES.unauthorized);
  return actor;
}

/** A code of the second factor: the app's six digits, or a backup code (spent once). */
async function verifyCode(app: FastifyInstance, typed: string, headers: Headers): Promise<unknown> {
  const code = typed.replace(/\s/g, '');
  return isTotpCode(code)
    ? app.auth.api.verifyTOTP({ body: { code }, headers })
    : app.auth.api.verifyBackupCode({ body: { code: normalizeBackupCode(code) }, headers });
}

/** Better Auth answers a wrong password or code by throwing a 4xx. */
async function accepted(check: Promise<unknown>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
    throw error;
  }
}

function refusal(password: boolean): AppError {
  const message = password ? SECURITY_MESSAGES.wrongPassword : SECURITY_MESSAGES.wrongCode;
  return new AppError(
    password ? ERROR_CODES.invalidPassword : ERROR_CODES.invalidCode,
    message,
    400,
    password ? { password: message } : { code: message },
  );
}
