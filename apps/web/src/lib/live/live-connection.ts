import {
  EVENT_TYPES,
  LIVE_CONTROL,
  SIGNED_OUT_REASONS,
  liveEventDataSchema,
  type EventType,
  type LiveEventData,
  type SignedOutReason,
} from '@aduro/shared/events';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { API_URL, notePosition } from '../api-client';
import { SeenIds } from './seen-ids';

export const LIVE_PATH = '/events';

/**
 * connecting: first attempt under way. live: the stream is open. reconnecting: it dropped and the next
 * attempt is waiting or under way. offline: the browser says it is offline, or several attempts in a
 * row failed (attempts go on, further apart).
 */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

/** Failed attempts in a row after which the connection is shown as offline rather than reconnecting. */
export const OFFLINE_AFTER_FAILURES = 3;

/** 1 s, 2 s, 4 s ... up to 30 s, each between half and all of that so many tabs do not retry in step. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export interface LiveConnectionOptions {
  token: string;
  /** Feed events not seen before, a batch per network chunk (a resumed stream replays several at once). */
  onEvents: (events: LiveEventData[]) => void;
  /** LIVE_CONTROL.resync: the server lost events, so everything shown may be stale. */
  onResync: () => void;
  /**
   * LIVE_CONTROL.signedOut: the user's access or this session ended, and why (undefined from a server
   * that does not say). The connection has stopped.
   */
  onSignedOut: (reason: SignedOutReason | undefined) => void;
  /** The stream answered 401: the token is expired or revoked. The connection has stopped. */
  onUnauthorized: () => void;
  onStatus: (status: LiveStatus) => void;
  /** Defaults to the global fetch at the time of each attempt. */
  fetch?: typeof fetch;
  /** Milliseconds before the next attempt, given the failures in a row so far. */
  retryDelay?: (failures: number) => number;
}

export interface LiveConnection {
  close: () => void;
}

class UnauthorizedError extends Error {}
class RetriableError extends Error {}

const FEED_EVENT_TYPES = new Set<string>(EVENT_TYPES);
const isEventType = (name: string): name is EventType => FEED_EVENT_TYPES.has(name);

/** The reason a 'signed-out' frame gives, if it gives one this build knows. */
function signedOutReason(data: string): SignedOutReason | undefined {
  try {
    const reason = (JSON.parse(data) as { reason?: unknown } | null)?.reason;
    return SIGNED_OUT_REASONS.find((known) => known === reason);
  } catch {
    return undefined;
  }
}

/**
 * One GET /api/events stream for one token, read with fetch because EventSource cannot send the
 * Authorization header. It reconnects with backoff and Last-Event-ID (so the server replays what was
 * missed), drops repeated ids, and ends for good on 401, on 'signed-out' or on close().
 */
export function connectLive(options: LiveConnectionOptions): LiveConnection {
  const retryDelay = options.retryDelay ?? backoffDelay;
  const seen = new SeenIds();
  // Ends every request this connection ever made, including one the library lost track of.
  const lifetime = new AbortController();
  let attempt: AbortController | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let status: LiveStatus | null = null;
  let pending: LiveEventData[] = [];

  const setStatus = (next: LiveStatus) => {
    if (lifetime.signal.aborted || next === status) return;
    status = next;
    options.onStatus(next);
  };

  const stop = () => {
    lifetime.abort();
    attempt?.abort();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };

  const flush = () => {
    const events = pending;
    pending = [];
    if (events.length > 0 && !lifetime.signal.aborted) options.onEvents(events);
  };

  const fetchForAttempt: typeof fetch = (input, init) => {
    const request = new AbortController();
    const abort = () => request.abort();
    init?.signal?.addEventListener('abort', abort, { once: true });
    lifetime.signal.addEventListener('abort', abort, { once: true });
    const doFetch = options.fetch ?? globalThis.fetch;
    return doFetch(input, { ...init, signal: request.signal });
  };

  const handleFrame = (name: string, id: string, data: string) => {
    // Reset on a frame rather than on open: a server that accepts and hangs up at once still backs off.
    failures = 0;
    if (id) lastEventId = id;
    if (name === LIVE_CONTROL.ready) {
      setStatus('live');
    } else if (name === LIVE_CONTROL.resync) {
      options.onResync();
    } else if (name === LIVE_CONTROL.signedOut) {
      stop();
      options.onSignedOut(signedOutReason(data));
    } else if (isEventType(name)) {
      let event: LiveEventData;
      try {
        event = liveEventDataSchema.parse(JSON.parse(data));
      } catch {
        // A frame this build cannot read changes nothing it shows; the next good frame still applies.
        return;
      }
      if (!seen.add(event.id)) return;
      notePosition(event.id);
      // Frames of one network chunk arrive synchronously: one batch, one round of refetches.
      if (pending.length === 0) queueMicrotask(flush);
      pending.push(event);
    }
    // Any other name is a frame a newer server added; ignoring it keeps old tabs working.
  };

  const open = () => {
    attempt?.abort();
    const controller = new AbortController();
    attempt = controller;
    const headers: Record<string, string> = { Authorization: `Bearer ${options.token}` };
    // Lower case: the library keeps the id under this spelling, and two spellings would both be sent.
    if (lastEventId) headers['last-event-id'] = lastEventId;

    fetchEventSource(`${API_URL}${LIVE_PATH}`, {
      headers,
      signal: controller.signal,
      fetch: fetchForAttempt,
      async onopen(response) {
        if (response.status === 401) throw new UnauthorizedError('The live stream refused the token');
        const type = response.headers.get('content-type') ?? '';
        if (!response.ok || !type.startsWith(EventStreamContentType)) {
          throw new RetriableError(`The live stream answered ${response.status} ${type}`);
        }
        setStatus('live');
      },
      onmessage(message) {
        if (controller !== attempt) return;
        handleFrame(message.event, message.id, message.data);
      },
      onclose() {
        // The server ended the stream (a deploy, a proxy timeout): the library would stop here.
        throw new RetriableError('The live stream closed');
      },
      onerror(error) {
        if (error instanceof UnauthorizedError) throw error;
        failures += 1;
        setStatus(!navigator.onLine || failures >= OFFLINE_AFTER_FAILURES ? 'offline' : 'reconnecting');
        return retryDelay(failures);
      },
    }).catch((error: unknown) => {
      if (lifetime.signal.aborted || controller !== attempt) return;
      stop();
      if (error instanceof UnauthorizedError) options.onUnauthorized();
    });
  };

  // Coming back online is the best moment to retry: the backoff may have grown long.
  function onOnline() {
    failures = 0;
    setStatus('reconnecting');
    open();
  }
  function onOffline() {
    setStatus('offline');
  }
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  setStatus(navigator.onLine ? 'connecting' : 'offline');
  open();

  return { close: stop };
}
