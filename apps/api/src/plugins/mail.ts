import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createMailer, type Mailer } from '../lib/mail/mailer.ts';
import { linkTo } from '../lib/mail/message.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends e-mail through SMTP_URL, or writes it to DATA_DIR/mail when that is unset. */
    mail: Mailer;
    /** A screen of the web app as an absolute link under APP_URL, for a message to point at. */
    mailLink(screen: string): string;
  }
}

/**
 * The one mailer of the process, from SMTP_URL, MAIL_FROM and DATA_DIR. Closed with the app, after the
 * messages under way have gone, so a graceful shutdown does not cut a delivery in half.
 */
export default fp(
  async function mail(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const mailer = createMailer({
      smtpUrl: config.env.SMTP_URL,
      from: config.env.MAIL_FROM,
      dataDir: config.dataDir,
      log: app.log,
      onSent: () => app.metrics?.mailSent(),
      onFailed: () => app.metrics?.mailFailed(),
    });
    app.decorate('mail', mailer);
    app.decorate('mailLink', (screen: string) => linkTo(config.appUrl, screen));
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail' },
);
