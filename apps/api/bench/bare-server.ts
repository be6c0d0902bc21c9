// The yardstick for the marketplace bench: a bare Fastify server that answers every GET with the bytes
// of a file, as fast as this machine can serve them, with no auth, database or serialisation.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE!);
const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
