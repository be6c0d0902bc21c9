import { LIVE_CONTROL, type LiveEventData } from '@aduro/shared/events';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getKnownPosition } from '../api-client';
import { backoffDelay, connectLive, type LiveConnection, type LiveStatus } from './live-connection';
import { controlFrame, eventFrame, sseStream } from './sse-test-stream';

type Answer = () => Response | Promise<Response>;

const open: LiveConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});

/** Starts a connection whose attempts get `answers` in turn; later attempts wait forever. */
function connect(answers: Answer[]) {
  const requests: RequestInit[] = [];
  const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(init ?? {});
    const answer = answers.shift();
    return answer ? Promise.resolve(answer()) : new Promise<Response>(() => undefined);
  });
  const statuses: LiveStatus[] = [];
  const received: LiveEventData[][] = [];
  const callbacks = {
    onEvents: vi.fn((events: LiveEventData[]) => void received.push(events)),
    onResync: vi.fn(),
    onSignedOut: vi.fn(),
    onUnauthorized: vi.fn(),
    onStatus: vi.fn((status: LiveStatus) => void statuses.push(status)),
  };
  const connection = connectLive({ token: 'token-1', fetch: fetchMock, retryDelay: () => 0, ...callbacks });
  open.push(connection);
  const header = (attempt: number, name: string) => new Headers(requests[attempt]?.headers).get(name);
  const ids = () => received.flat().map((event) => event.id);
  return { connection, fetchMock, requests, statuses, received, ids, header, ...callbacks };
}

describe('the live stream client', () => {
  it('opens GET /api/events with the bearer token and reports Live once the stream is open', async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    expect(live.statuses).toEqual(['connecting']);
    await waitFor(() => expect(live.statuses).toEqual(['connecting', 'live']));
    expect(String(live.fetchMock.mock.calls[0]?.[0])).toBe('/api/events');
    expect(live.header(0, 'Authorization')).toBe('Bearer token-1');
    expect(live.header(0, 'Accept')).toBe('text/event-stream');
    expect(live.header(0, 'last-event-id')).toBeNull();
  });

  it('hands over the feed events of a frame batch together, skipping heartbeats and unknown frames', async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    stream.write(
      controlFrame(LIVE_CONTROL.ready) +
        ': heartbeat\n\n' +
        eventFrame(1, 'inventory.synced', { supplierId: '8a6e0c9a-3c1c-4d55-9a57-1c2f3e4d5a6b' }) +
        'event: something.new\ndata: {}\n\n' +
        'id: 2\nevent: order.drafted\ndata: not json\n\n' +
        eventFrame(3, 'order.drafted'),
    );
    await waitFor(() => expect(live.onEvents).toHaveBeenCalled());
    expect(live.received).toHaveLength(1);
    expect(live.received[0]?.map((event) => [event.id, event.type])).toEqual([
      [1, 'inventory.synced'],
      [3, 'order.drafted'],
    ]);
    expect(live.received[0]?.[0]?.refs.supplierId).toBe('8a6e0c9a-3c1c-4d55-9a57-1c2f3e4d5a6b');
  });

  it('remembers the highest event id seen as the position later API calls read after', async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    stream.write(eventFrame(9001, 'cart.changed'));
    await waitFor(() => expect(live.ids()).toEqual([9001]));
    expect(getKnownPosition()).toBeGreaterThanOrEqual(9001);
  });

  it('reconnects when the server ends the stream, sending the last event id so it can replay', async () => {
    const first = sseStream();
    const second = sseStream();
    const live = connect([() => first.response, () => second.response]);
    first.write(
      controlFrame(LIVE_CONTROL.ready) + eventFrame(4, 'order.released') + eventFrame(5, 'drop.moved'),
    );
    await waitFor(() => expect(live.ids()).toEqual([4, 5]));

    first.end();
    await waitFor(() => expect(live.fetchMock).toHaveBeenCalledTimes(2));
    expect(live.header(1, 'last-event-id')).toBe('5');
    expect(live.header(1, 'Authorization')).toBe('Bearer token-1');
    expect(live.statuses).toContain('reconnecting');

    second.write(controlFrame(LIVE_CONTROL.ready));
    await waitFor(() => expect(live.statuses.at(-1)).toBe('live'));
  });

  it('ignores events the server resends on resume', async () => {
    const first = sseStream();
    const second = sseStream();
    const live = connect([() => first.response, () => second.response]);
    first.write(eventFrame(1, 'credit.decided') + eventFrame(2, 'payment.recorded'));
    await waitFor(() => expect(live.ids()).toEqual([1, 2]));
    first.end();
    await waitFor(() => expect(live.fetchMock).toHaveBeenCalledTimes(2));

    second.write(eventFrame(2, 'payment.recorded') + eventFrame(3, 'staff.changed'));
    second.write(eventFrame(3, 'staff.changed'));
    await waitFor(() => expect(live.ids()).toEqual([1, 2, 3]));
    second.write(eventFrame(4, 'cart.changed'));
    await waitFor(() => expect(live.ids()).toEqual([1, 2, 3, 4]));
  });

  it('stops on 401 before the stream starts and reports the rejected token', async () => {
    const live = connect([() => new Response('{"message":"Your session has expired"}', { status: 401 })]);
    await waitFor(() => expect(live.onUnauthorized).toHaveBeenCalledTimes(1));
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    expect(live.statuses).toEqual(['connecting']);
  });

  it("stops and reports a 'signed-out' frame", async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    stream.write(controlFrame(LIVE_CONTROL.ready) + controlFrame(LIVE_CONTROL.signedOut));
    await waitFor(() => expect(live.onSignedOut).toHaveBeenCalledTimes(1));
    expect(live.requests[0]?.signal?.aborted).toBe(true);
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("reports a 'resync' frame", async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    stream.write(controlFrame(LIVE_CONTROL.resync, 12));
    await waitFor(() => expect(live.onResync).toHaveBeenCalledTimes(1));
    expect(live.onEvents).not.toHaveBeenCalled();
  });

  it('shows Reconnecting after a failure and Offline after several in a row, still retrying', async () => {
    const unreachable = () => Promise.reject(new TypeError('Failed to fetch'));
    const notYet = () =>
      new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } });
    const live = connect([unreachable, notYet, unreachable]);
    await waitFor(() => expect(live.statuses).toEqual(['connecting', 'reconnecting', 'offline']));
    await waitFor(() => expect(live.fetchMock).toHaveBeenCalledTimes(4));
  });

  it('shows Offline when the browser goes offline and reconnects at once when it is back', async () => {
    const first = sseStream();
    const second = sseStream();
    const live = connect([() => first.response, () => second.response]);
    first.write(eventFrame(7, 'inventory.synced'));
    await waitFor(() => expect(live.statuses).toEqual(['connecting', 'live']));

    window.dispatchEvent(new Event('offline'));
    expect(live.statuses.at(-1)).toBe('offline');
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(live.fetchMock).toHaveBeenCalledTimes(2));
    expect(live.requests[0]?.signal?.aborted).toBe(true);
    expect(live.header(1, 'last-event-id')).toBe('7');
    await waitFor(() => expect(live.statuses.at(-1)).toBe('live'));
  });

  it('close() ends the request and nothing is reported after it', async () => {
    const stream = sseStream();
    const live = connect([() => stream.response]);
    await waitFor(() => expect(live.statuses.at(-1)).toBe('live'));
    live.connection.close();
    expect(live.requests[0]?.signal?.aborted).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(live.fetchMock).toHaveBeenCalledTimes(1);
    expect(live.statuses).toEqual(['connecting', 'live']);
  });
});

describe('backoffDelay', () => {
  it('doubles from about a second up to half a minute, with jitter', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(4000);
    expect(backoffDelay(20, () => 0)).toBe(15_000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });
});
