import type { SessionUser } from '@aduro/shared/auth';
import { LIVE_CONTROL, type FeedEvent, type LiveEventData, type SignedOutReason } from '@aduro/shared/events';
import type { Db } from '../../db/client.ts';
import { visibleRefs } from '../../lib/event-refs.ts';
import { eventsSince } from './events.repository.ts';
import type { ChangeFeed } from './feed.ts';
import { RESUME_WINDOW_SECONDS } from './feed.ts';

/**
 * The caller as the stream needs them: who they are and the session version their token carries. The
 * auth module's loadSession answers this shape; the feed names it here so it depends on no other domain.
 */
export interface StreamSession {
  user: SessionUser;
  sessionVersion: number;
}

/** A stream is closed (and resumed by the client) rather than buffer more than this for a slow reader. */
const MAX_BUFFERED_BYTES = 1_048_576;
const HEARTBEAT_MS = 15_000;
const REPLAY_LIMIT = 5_000;

/**
 * Whether a caller receives an event: one of its organisations, or its kind of user is the audience. A
 * user's ended sessions are that user's business alone, not their colleagues'.
 */
export function concerns(user: SessionUser, event: FeedEvent): boolean {
  if (event.type === 'account.sessions_ended' && event.refs.userId !== user.id) return false;
  return (
    (user.orgId !== null && event.orgIds.includes(user.orgId)) ||
    (event.audience as string[]).includes(user.userType)
  );
}

/**
 * What the caller may know of an event: its ids as the activity trail would show them (lib/event-refs.ts:
 * the public ones when only its audience hears it, its own share of a list naming several organisations,
 * such as a platform recall's suppliers), never the other side's orders or people.
 */
export function liveData(user: SessionUser, event: FeedEvent): LiveEventData {
  return { id: event.id, type: event.type, at: event.at, refs: visibleRefs(user, event) };
}

/** One SSE frame: `id`, `event` and one line of JSON data. */
export function frame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface StreamSink {
  write(chunk: string): boolean;
  /** Bytes accepted but not yet sent to the client. */
  readonly buffered: number;
  end(): void;
}

/**
 * Feeds one caller's stream: replays what it missed after lastEventId (from the table, scoped to the
 * caller in SQL), then live events as this process hears them, in the order heard, each once; a
 * heartbeat comment every 15 s keeps proxies from closing an idle stream. Ends with a 'signed-out' frame
 * when the caller's access is gone (removed, or no role left) or the session it was opened with has
 * ended (a password change or "sign out everywhere" raised the user's session version). Returns the
 * function that stops it.
 */
export function openStream(
  deps: { db: Db; feed: ChangeFeed; readCurrentSession(userId: string): Promise<StreamSession | null> },
  session: StreamSession,
  lastEventId: number | null,
  sink: StreamSink,
): () => void {
  const { user } = session;
  let closed = false;
  let replaying = true;
  const heldBack: FeedEvent[] = [];
  // Ids already sent on this stream: a replay window and the live feed can both carry one event.
  const sent = new Set<number>();

  const stop = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    unsubscribeResync();
    clearInterval(heartbeat);
  };
  const send = (chunk: string) => {
    if (closed) return;
    sink.write(chunk);
    if (sink.buffered > MAX_BUFFERED_BYTES) {
      // A reader this far behind resumes from its Last-Event-ID instead of holding the server's memory.
      stop();
      sink.end();
    }
  };
  const sendEvent = (event: FeedEvent) => {
    if (sent.has(event.id) || !concerns(user, event)) return;
    sent.add(event.id);
    if (sent.size > 10_000) sent.delete(sent.values().next().value!);
    send(frame(event.type, liveData(user, event), event.id));
    if (
      (event.type === 'staff.changed' || event.type === 'account.sessions_ended') &&
      event.refs.userId === user.id
    )
      void checkAccess();
  };
  const checkAccess = async () => {
    const now = await deps.readCurrentSession(user.id).catch(() => undefined);
    if (now === undefined || closed) return;
    // A deactivated organisation's people may still sign in and look (docs/domain.md); only a removed
    // user, one left with no role, or a session ended since the stream opened has lost access.
    const reason: SignedOutReason | null =
      now === null
        ? 'removed'
        : now.user.roles.length === 0
          ? 'no-access'
          : now.sessionVersion !== session.sessionVersion
            ? 'session-ended'
            : null;
    if (reason) {
      send(frame(LIVE_CONTROL.signedOut, { reason }));
      stop();
      sink.end();
    }
  };

  const unsubscribe = deps.feed.subscribe((event) => {
    if (replaying) heldBack.push(event);
    else sendEvent(event);
  });
  // A gap in this process's feed: the client cannot know what it missed, so it refetches what it shows.
  const unsubscribeResync = deps.feed.onResync(() => send(frame(LIVE_CONTROL.resync, {})));
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  const start = async () => {
    if (lastEventId !== null) {
      const missed = await eventsSince(deps.db, {
        afterId: lastEventId,
        windowSeconds: RESUME_WINDOW_SECONDS,
        limit: REPLAY_LIMIT,
        // Every user belongs to an organisation (the type allows null only for its signing-in shape).
        scope: { orgId: user.orgId ?? '00000000-0000-0000-0000-000000000000', userType: user.userType },
      });
      // Ids at or below lastEventId inside the window may have been sent before the reconnect; the
      // client skips ids it has seen.
      for (const event of missed) sendEvent(event);
      if (missed.length === REPLAY_LIMIT) send(frame(LIVE_CONTROL.resync, {}));
    }
    replaying = false;
    for (const event of heldBack.splice(0)) sendEvent(event);
    send(frame(LIVE_CONTROL.ready, { position: deps.feed.position }));
  };
  start().catch(() => {
    // The replay could not be read (the database is unreachable): the client reconnects and resumes.
    stop();
    sink.end();
  });
  return stop;
}
