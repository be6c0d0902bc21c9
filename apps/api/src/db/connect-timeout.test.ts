import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/errors.ts';
import { openDatabase } from './client.ts';

// A frozen PostgreSQL: it accepts the connection and never says a word. Without a connect timeout a
// request would wait on it for as long as the socket stays open.
let frozen: net.Server;
let port: number;
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  frozen = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
  port = (frozen.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => frozen.close(resolve));
});

describe('a database that does not answer', () => {
  it('fails a query after DB_CONNECT_TIMEOUT_MS with an error the API answers as 503', async () => {
    const database = await openDatabase({
      databaseUrl: `postgresql://aduro@127.0.0.1:${port}/aduro`,
      connectTimeoutMs: 300,
    });
    try {
      const failure = await database.db.execute(sql`select 1`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).not.toBeNull();
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await database.close();
    }
  }, 30_000);
});
