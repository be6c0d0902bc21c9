import type { FastifyInstance, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AFTER_HEADER, POSITION_HEADER, type FeedEvent } from '@aduro/shared/events';
import { readsOnly } from '../lib/routes.ts';
import { recordedInRequest } from '../modules/events/events.repository.ts';
import { ChangeFeed } from '../modules/events/feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's view of the change feed (modules/events/feed.ts). */
    feed: ChangeFeed;
  }
  interface FastifyRequest {
    recordedEvents: FeedEvent[] | null;
    /** The feed position the caller named in AFTER_HEADER (what it last wrote or heard), else null. */
    afterPosition: number | null;
  }
}

/** How long a request naming a position waits for this replica to hear of it before answering anyway. */
const AFTER_WAIT_MS = 2_000;

/**
 * Starts the process's LISTEN on the change feed and ties requests to it:
 * - a write route collects the events its workflow records and delivers them to this process's
 *   subscribers (caches) before the answer goes out, then names the feed position in POSITION_HEADER;
 * - a request carrying AFTER_HEADER (the position of the caller's last write, perhaps made through
 *   another replica) waits until this process has applied that event, so the caller reads its own write.
 */
export default fp(
  async function feed(app: FastifyInstance) {
    const changeFeed = new ChangeFeed(app.database, app.log);
    await changeFeed.start();
    app.decorate('feed', changeFeed);
    app.addHook('onClose', async () => changeFeed.close());
    app.decorateRequest('recordedEvents', null);
    app.decorateRequest('afterPosition', null);

    const collect: onRequestHookHandler = (request, _reply, done) => {
      const recorded: FeedEvent[] = [];
      request.recordedEvents = recorded;
      // The rest of the request (hooks, handler, its transaction) runs inside this store.
      recordedInRequest.run(recorded, () => done());
    };
    const deliver: onSendHookHandler = (request, reply, payload, done) => {
      const recorded = request.recordedEvents;
      if (recorded && recorded.length > 0) {
        changeFeed.deliver(recorded);
        void reply.header(POSITION_HEADER, String(Math.max(...recorded.map((e) => e.id))));
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (readsOnly(route)) return;
      route.onRequest = [collect, ...([] as onRequestHookHandler[]).concat(route.onRequest ?? [])];
      route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), deliver];
    });

    app.addHook('onRequest', (request, _reply, done) => {
      const after = request.headers[AFTER_HEADER];
      const position = typeof after === 'string' ? Number(after) : NaN;
      if (!Number.isSafeInteger(position) || position <= 0) return done();
      request.afterPosition = position;
      const seen = changeFeed.waitFor(position, AFTER_WAIT_MS);
      if (seen === true) return done();
      // Not heard in time (the listening connection is being restored, or a made-up position): answer
      // anyway; the caches catch up when the feed does.
      void seen.then(() => done());
    });
  },
  { name: 'feed', dependencies: ['db'] },
);
