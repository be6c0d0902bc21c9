import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/** The two levels the mailer logs at; a pino or Fastify logger fits. */
export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A file sent with a message, given as bytes (never a path or a URL: see disableFileAccess below). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /**
   * Sends one message; resolves once the relay has accepted it (or its .eml file is written) and rejects
   * with the relay's or the socket's error otherwise, so the caller can retry.
   */
  send(message: MailMessage): Promise<{ messageId: string; file?: string }>;
  /** Refuses new messages and resolves once the ones under way have settled. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// with credentials; unset, messages are written to `dataDir`/mail. */
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: MailLog;
  /** Told of each message delivered or refused (the server's metrics count them). */
  onSent?: () => void;
  onFailed?: () => void;
}

// nodemailer waits 2 minutes to connect and 10 minutes on an idle socket by default; a relay that is down
// or unreachable should fail the job quickly and let the queue's backoff decide when to try again.
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 10_000;
// A relay trickling its replies keeps resetting the socket timeout; this caps a whole delivery.
const SEND_TIMEOUT_MS = 60_000;

/** Sends through `smtpUrl` when it is set, else writes each message under `dataDir`/mail to be opened. */
export function createMailer(options: MailerOptions): Mailer {
  const delivery = options.smtpUrl ? smtpDelivery(options.smtpUrl, options) : fileDelivery(options);
  const underWay = new Set<Promise<unknown>>();
  let closed = false;

  return {
    send(message) {
      if (closed) return Promise.reject(new Error('The mailer is closed; the message was not sent.'));
      const sending = delivery.send({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                contentType: a.contentType,
                contentDisposition: 'attachment' as const,
              })),
            }
          : {}),
        // Every part is given as a string or bytes; nothing in a message may make nodemailer read a file or a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      const settled = sending.then(
        () => options.onSent?.(),
        () => options.onFailed?.(),
      );
      underWay.add(settled);
      void settled.finally(() => underWay.delete(settled));
      return sending;
    },
    async close() {
      closed = true;
      // Each SMTP delivery opens and closes its own connection, so once they settle no socket is left;
      // the timeouts above bound the wait. (A pool asked for in the URL, ?pool=true, is idle by then.)
      await Promise.all(underWay);
      delivery.close();
    },
  };
}

interface Delivery {
  send(mail: SendMailOptions): Promise<{ messageId: string; file?: string }>;
  close(): void;
}

/**
 * One connection per message rather than a pool: mail is a trickle of notifications, and a pool's close()
 * neither waits for a delivery under way nor says when its sockets are gone.
 */
function smtpDelivery(smtpUrl: string, { log }: MailerOptions): Delivery {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    dnsTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  async function send(mail: SendMailOptions) {
    const info = await transport.sendMail({ ...mail, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    // nodemailer rejects when every recipient is refused. When only some are, the others already have the
    // message, and a retry would send it to them twice: the refusal is logged for someone to look at.
    if (info.rejected.length > 0) {
      log.warn(
        { messageId: info.messageId, rejected: info.rejected, response: info.response },
        'mail: the relay refused some recipients',
      );
    }
    log.info({ messageId: info.messageId, to: mail.to, subject: mail.subject }, 'mail: sent');
    return { messageId: info.messageId };
  }
  return { send, close: () => transport.close() };
}

/**
 * Without a relay the message is rendered by nodemailer exactly as it would be sent and kept as an .eml
 * file, so `npm start` works with nothing else running and a developer can open what a user would get.
 */
function fileDelivery({ dataDir, log }: MailerOptions): Delivery {
  // CRLF line ends, as on the wire (RFC 5322); every mail client opens such a file.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const folder = path.join(dataDir, 'mail');
  async function send(mail: SendMailOptions) {
    const info = await transport.sendMail(mail);
    // The ISO time sorts the folder by when each message was sent; ':' is not allowed in Windows file names.
    const stamp = new Date().toISOString().replaceAll(':', '-');
    const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    // Made on each message, not once, so deleting the folder while the server runs is harmless.
    await mkdir(folder, { recursive: true });
    await writeFile(file, info.message as Buffer, { flag: 'wx' });
    log.info({ to: mail.to, subject: mail.subject, file }, 'mail: written to a file (SMTP_URL is not set)');
    return { messageId: info.messageId, file };
  }
  return { send, close: () => transport.close() };
}
