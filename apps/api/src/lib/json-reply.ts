import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Sends what already is the JSON of the route's declared 200 answer (text built by PostgreSQL) as is:
 * not decoded and re-encoded through the response schema. @fastify/compress compresses it on the way out.
 */
export function sendJsonText(reply: FastifyReply, body: string | Buffer) {
  void reply.type('application/json; charset=utf-8');
  // Fastify sends a Buffer untouched; text would go through the route's serializer without this.
  if (typeof body === 'string') void reply.serializer((payload: unknown) => payload as string);
  return reply.send(body as never);
}

type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Header texts seen are few (one per browser family), but they come from callers, so the memo is bounded.
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 200 }),
});
// Below this, compression saves fewer bytes than the headers it adds are worth (as @fastify/compress).
const MIN_BYTES = 1024;
// The compressed copies of a shared answer live exactly as long as the answer itself does in the cache:
// a promise while being made, then the bytes.
const encoded = new WeakMap<Buffer, Partial<Record<Encoding, Buffer | Promise<Buffer>>>>();

function encode(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  let copies = encoded.get(body);
  if (!copies) encoded.set(body, (copies = {}));
  const known = copies[encoding];
  if (known) return known;
  // Once per answer and encoding, off the event loop, so brotli can afford a better setting than
  // compressing each request would (quality 6 instead of 4).
  const made = (
    encoding === 'br'
      ? brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : gzip(body, { level: 6 })
  ).then(
    (bytes) => (copies[encoding] = bytes),
    (err: unknown) => {
      delete copies[encoding];
      throw err;
    },
  );
  copies[encoding] = made;
  return made;
}

function sendEncoded(reply: FastifyReply, encoding: Encoding, bytes: Buffer) {
  // With content-encoding set, @fastify/compress passes the bytes through untouched.
  void reply.header('content-encoding', encoding).send(bytes);
}

/**
 * Sends an answer from the read cache (plugins/read-cache.ts), the same bytes for every caller until
 * the next write: compressed once per encoding and kept beside it, so a busy marketplace read costs a
 * lookup instead of compressing 170 KB for every browser that asks. A cached answer whose copy is
 * ready is sent at once; otherwise this returns a promise the route hands back to Fastify.
 */
export function sendSharedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Buffer | Promise<Buffer>,
): Promise<void> | undefined {
  if (!Buffer.isBuffer(answer)) return answer.then((body) => sendSharedJson(request, reply, body));
  void reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = answer.length >= MIN_BYTES && accepted ? negotiator.negotiate(accepted) : null;
  if (!encoding) {
    void reply.send(answer);
    return undefined;
  }
  const bytes = encode(answer, encoding);
  if (Buffer.isBuffer(bytes)) {
    sendEncoded(reply, encoding, bytes);
    return undefined;
  }
  return bytes.then((ready) => sendEncoded(reply, encoding, ready));
}
