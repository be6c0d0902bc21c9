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
