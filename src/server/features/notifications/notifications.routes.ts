import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ROLES } from '@shared/accounts/accounts.schema';
import {
  EmailPreferences,
  EmailPreferencesBody,
  NOTIFICATIONS_TEXT,
  NotificationList,
  NotificationParams,
} from '@shared/notifications/notifications.schema';
import { z } from '@shared/zod';
import { AppError } from '../../lib/app-error';
import { actorOf, requireRole } from '../accounts/role-guard';
import {
  emailPreferences,
  listNotifications,
  markRead,
  saveEmailPreferences,
} from './inbox.service';

const Ok = z.object({ ok: z.literal(true) });

/** /api/notifications: the bell of every panel, and which e-mails the user wants. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole(app, ...ROLES));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Las últimas notificaciones del usuario y cuántas no leyó',
        response: { 200: NotificationList },
      },
    },
    async (request) => listNotifications(app.db, actorOf(request).userId),
  );

  app.post(
    '/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marca una notificación como leída',
        params: NotificationParams,
        response: { 200: Ok },
      },
    },
    async (request) => {
      const mine = await markRead(app.db, actorOf(request).userId, request.params.id);
      if (!mine) throw AppError.notFound(NOTIFICATIONS_TEXT.notFound);
      return { ok: true as const };
    },
  );

  app.post(
    '/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Marca todas las notificaciones como leídas',
        response: { 200: Ok },
      },
    },
    async (request) => {
      await markRead(app.db, actorOf(request).userId);
      return { ok: true as const };
    },
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Los correos que el usuario puede elegir recibir',
        response: { 200: EmailPreferences },
      },
    },
    async (request) => {
      const { userId, profile } = actorOf(request);
      return emailPreferences(app.db, userId, profile.role);
    },
  );

  app.put(
    '/preferences',
    {
      schema: {
        tags: ['notifications'],
        summary:
          'Guarda qué correos quiere recibir el usuario (los comprobantes no se pueden apagar)',
        body: EmailPreferencesBody,
        response: { 200: EmailPreferences },
      },
    },
    async (request) => {
      const { userId, profile } = actorOf(request);
      const saved = await saveEmailPreferences(app.db, userId, profile.role, request.body.items);
      if (!saved) {
        throw new AppError(
          'PREFERENCE_NOT_ALLOWED',
          'Ese aviso no se puede elegir desde tu cuenta.',
          400,
        );
      }
      return saved;
    },
  );
};
