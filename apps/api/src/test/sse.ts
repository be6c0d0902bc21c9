/** One Server-Sent Events frame as GET /api/events sends it; comments (heartbeats) are not frames. */
export interface SseFrame {
  id?: string;
  event: string;
  data: unknown;
  /** performance.now() when the frame was read. */
  receivedAt: number;
}

/**
 * Reads frames from a streaming fetch body as they arrive (as the web app does), handing over each
 * network chunk's frames at once. Resolves when the stream ends or is aborted.
 */
export async function readSseFrames(
  body: ReadableStream<Uint8Array>,
  onFrames: (frames: SseFrame[]) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      const frames: SseFrame[] = [];
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const frame: SseFrame = { event: 'message', data: null, receivedAt: performance.now() };
        let isFrame = false;
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) frame.id = line.slice(4);
          else if (line.startsWith('event: ')) {
            frame.event = line.slice(7);
            isFrame = true;
          } else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
        }
        if (isFrame) frames.push(frame);
      }
      onFrames(frames);
    }
  } catch {
    // Aborted by the test closing the stream.
  }
}

/** A client of GET /api/events reading frames as they arrive; waits on frames, never on time. */
export interface SseStream {
  status: number;
  headers: Headers;
  /** Every frame read so far, in order. */
  frames: SseFrame[];
  /**
   * The next frame of this event type (and id, when given) not taken yet; frames of other types are
   * kept for later calls. Rejects if the stream ends first.
   */
  next(event: string, id?: number): Promise<SseFrame>;
  /** Resolves when the stream ends (closed by either side). */
  ended: Promise<void>;
  /** The JSON body of a refusal. */
  body?: unknown;
  close(): void;
}

/** Opens GET /api/events at `base` as the web app does (fetch streaming, Bearer header, Last-Event-ID). */
export async function openSseStream(
  base: string,
  authorization: string | undefined,
  lastEventId?: number,
): Promise<SseStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  const waiting: Array<() => void> = [];
  const ended = (async () => {
    if (res.body && res.status === 200) {
      await readSseFrames(res.body, (read) => {
        frames.push(...read);
        for (const wake of waiting.splice(0)) wake();
      });
    }
    for (const wake of waiting.splice(0)) wake();
  })();
  let finished = false;
  void ended.then(() => (finished = true));
  const taken = new Set<SseFrame>();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    frames,
    ended,
    async next(event, id) {
      for (;;) {
        const found = frames.find(
          (f) => f.event === event && (id === undefined || f.id === String(id)) && !taken.has(f),
        );
        if (found) {
          taken.add(found);
          return found;
        }
        if (finished) throw new Error(`the stream ended before a '${event}' frame`);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200) stream.body = await res.json();
  return stream;
}
