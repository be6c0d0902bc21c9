import type { LiveEventData } from '@aduro/shared/events';

/** Test helper: a 200 text/event-stream answer whose frames the test writes as it goes. */
export function sseStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    /** Raw SSE text, so one write can carry several frames (one network chunk). */
    write(text: string) {
      controller.enqueue(encoder.encode(text));
    },
    /** The server ends the stream. */
    end() {
      controller.close();
    },
  };
}

/** One feed event as the server frames it. */
export function eventFrame(
  id: number,
  type: LiveEventData['type'],
  refs: LiveEventData['refs'] = {},
): string {
  const data: LiveEventData = { id, type, at: '2026-11-24T10:00:00.000Z', refs };
  return `id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A control frame (ready, resync, signed-out). */
export function controlFrame(name: string, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: {}\n\n`;
}
