import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotMeBody, NotMeChange, NotMeResult } from '@shared/accounts/not-me.schema';
import { authRateLimit } from '../auth/auth.routes';
import { findProfile } from '../profiles/profiles.service';
import { confirmNotMe, previewNotMe } from './not-me.service';

/**
 * /api/account/not-me: the page of the 'No fui yo' link, public (it works
 * signed out). The token goes in the body, never in a URL the server logs;
 * both routes are limited per address like sign-in.
 */
export const notMeRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.post(
    '/not-me/preview',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "'No fui yo': qué cambió (antes y después, por sus últimos 4 caracteres), sin cambiar nada",
        description:
          'Para la página del enlace del e-mail. 404 si el enlace no existe, 409 si ya se usó, 410 si venció (7 días).',
        body: NotMeBody,
        response: { 200: NotMeChange },
      },
      config: { rateLimit },
    },
    async (request) => previewNotMe(app.db, request.body.token),
  );

  app.post(
    '/not-me',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "'No fui yo': el titular desconoce un cambio de a dónde va su dinero y protege la cuenta",
        description:
          'Usa el enlace (una sola vez). Vendedor: retiene todos sus pagos con una alerta de riesgo «payout_details_changed» hasta que un administrador la descarte. Empresa: vuelve a poner los medios de cobro (y el ID de Cobrador) como estaban antes del cambio y de los posteriores. En los dos casos cierra todas las sesiones de la cuenta y envía al correo de la cuenta un enlace para elegir una contraseña nueva. 404 si el enlace no existe, 409 si ya se usó, 410 si venció; en esos casos no cambia nada.',
        body: NotMeBody,
        response: { 200: NotMeResult },
      },
      config: { rateLimit },
    },
    async (request) => {
      const { userId, result } = await confirmNotMe(app.db, request.body.token);
      return { ...result, password_reset_sent: await askForNewPassword(userId) };
    },
  );

  /** Better Auth's own reset e-mail (1 hour), once the account is protected. */
  async function askForNewPassword(userId: string): Promise<boolean> {
    const profile = await findProfile(app.db, userId);
    if (!profile) return false;
    try {
      await app.auth.api.requestPasswordReset({ body: { email: profile.email } });
      return true;
    } catch (error) {
      app.log.error({ err: error }, "the password-reset e-mail after 'No fui yo' failed");
      return false;
    }
  }
};
