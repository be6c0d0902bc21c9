import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AFTER_HEADER, POSITION_HEADER } from '@aduro/shared/events';
import { readsOnly } from '../lib/routes.ts';
import { hearCommits } from '../modules/events/events.repository.ts';
import { ChangeFeed } from '../modules/events/feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's view of the change feed (modules/events/feed.ts). */
    feed: ChangeFeed;
  }
  interface FastifyRequest {
    /** The feed position the caller named in AFTER_HEADER (what it last wrote or heard), else null. */
    afterPosition: number | null;
  }
}

/** How long a request naming a position waits for this replica to hear of it before answering anyway. */
const AFTER_WAIT_MS = 2_000;

/**
 * Starts the process's LISTEN on the change feed and ties requests to it:
 * - the events a write's transaction records reach this process's subscribers (caches) as it commits,
 *   before the answer goes out, which names the feed position in POSITION_HEADER;
 * - a request carrying AFTER_HEADER (the position of the caller's last write, perhaps made through
 *   another replica) waits until this process has applied that event, so the caller reads its own write.
 */
export default fp(
  async function feed(app: FastifyInstance) {
    const changeFeed = new ChangeFeed(app.database, app.log, (event) => app.metrics?.feedHeard(event.at));
    await changeFeed.start();
    app.decorate('feed', changeFeed);
    app.addHook('onClose', async () => changeFeed.close());
    app.decorateRequest('afterPosition', null);
    // This process applies its own writes' events as their transactions commit (lib/transaction.ts).
    hearCommits(app.db, (events) => changeFeed.deliver(events));
    app.addHook('onClose', async () => hearCommits(app.db, null));

    // A write's answer names how far this process's feed had got when it answered: its own events
    // included, since they were applied at commit. The caller sends it back as AFTER_HEADER.
    const namePosition: onSendHookHandler = (_request, reply, payload, done) => {
      if (changeFeed.position > 0) void reply.header(POSITION_HEADER, String(changeFeed.position));
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (readsOnly(route)) return;
      route.onSend = [...([] as onSendHookHandler[]).concat(route.onSend ?? []), namePosition];
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
