/**
 * A fresh Idempotency-Key: 128 random bits as hex. getRandomValues rather than randomUUID, which browsers
 * offer only on secure origins, and a pharmacy may reach Aduro over a plain-http address on its network.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
