import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationIdParamsSchema,
  notificationPreferencesSchema,
  updateNotificationPreferencesSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@aduro/shared/notifications';
import { member } from '../../plugins/auth.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import {
  getNotifications,
  getPreferences,
  readAllNotifications,
  readNotification,
  updatePreferences,
} from './notifications.service.ts';

/** In-app notifications (DOMAIN.md "Notifications"): every signed-in member reads and marks their own. */
export default async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];
  const tags = ['notifications'];
  const signedIn = app.guard({}, { organisation: true });

  r.get(
    '/notifications',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, a page at a time',
        description:
          'Pass nextCursor back as cursor for the next, older page; unreadCount counts every page. ' +
          'A cursor this list did not answer is refused (400, field error on cursor).',
        security,
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getNotifications(app.db, member(request), request.query),
  );

  r.post(
    '/notifications/read-all',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Mark every one of the caller’s notifications read',
        description: 'Marks every unread notification of the signed-in user read; answers 204.',
        security,
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await readAllNotifications(app.db, member(request));
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/notifications/:id/read',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read',
        description: 'Another user’s notification is answered 404, as one that does not exist.',
        security,
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await readNotification(app.db, member(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/notifications/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Which of the caller’s notification topics also come by e-mail',
        description:
          'Lists the topics the caller’s roles receive. In-app notifications are always on; e-mail is on ' +
          'for a topic until the caller turns it off.',
        security,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getPreferences(app.db, member(request)),
  );

  r.put(
    '/notifications/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: 'Choose which notification topics also come by e-mail',
        description:
          'Changes the topics given and keeps the others. A topic the caller’s roles do not receive is ' +
          'refused (400, field error on that topic). Answers the preferences as they now stand.',
        security,
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updatePreferences(app.db, member(request), request.body),
  );
}
