/**
 * The fake Paystack as its own process, for the browser journeys: Aduro runs with PAYSTACK_BASE_URL at it,
 * and the journey plays the buyer's phone through the control endpoints (no key needed):
 *   POST /__fake/approve/{reference}   POST /__fake/decline/{reference}   POST /__fake/abandon/{reference}
 *   GET  /__fake/transactions
 * Run: node --import tsx apps/api/src/test/fake-paystack-server.ts
 * Settings: FAKE_PAYSTACK_PORT (0: any free port), FAKE_PAYSTACK_SECRET (the PAYSTACK_SECRET_KEY Aduro is
 * given), FAKE_PAYSTACK_WEBHOOK_URL (where charge.success webhooks are POSTed, e.g.
 * http://127.0.0.1:3000/api/payments/paystack/webhook). Prints one line, `fake-paystack listening <url>`.
 */
import { startFakePaystack } from './fake-paystack.ts';

const port = Number(process.env.FAKE_PAYSTACK_PORT ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('FAKE_PAYSTACK_PORT must be a port number');
  process.exit(2);
}

const fake = await startFakePaystack({
  port,
  controlRoutes: true,
  ...(process.env.FAKE_PAYSTACK_SECRET ? { secretKey: process.env.FAKE_PAYSTACK_SECRET } : {}),
});
fake.webhookUrl = process.env.FAKE_PAYSTACK_WEBHOOK_URL || null;
process.stdout.write(`fake-paystack listening ${fake.url}\n`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
