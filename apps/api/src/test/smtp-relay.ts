import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the relay received it, parsed (headers decoded, quoted-printable undone). */
export interface RelayedMail {
  to: string[];
  from: string | undefined;
  subject: string;
  text: string;
  html: string;
  /** The files sent with it, decoded. */
  attachments: RelayedAttachment[];
}

export interface RelayedAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
}

export interface TestRelay {
  /** The relay's address, for SMTP_URL. */
  url: string;
  received: RelayedMail[];
  /** Recipients refused with 451 (try again later) while this is above 0; each refusal counts it down. */
  refuseNext(times: number): void;
  /** How many recipients were refused so far. */
  refusals(): number;
  /**
   * Keeps each message's answer back until release(): the app's send waits mid-way, so a test can act
   * (stop the database) while a job is between its work and recording it done.
   */
  hold(): void;
  /** How many messages are held, received but not yet answered. */
  holding(): number;
  /** Answers the held messages, accepted, and stops holding. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A local SMTP relay (the smtp-server package) on an ephemeral port, for tests to receive what the app
 * sends through SMTP_URL: plain SMTP on loopback, any login accepted.
 */
export async function startRelay(): Promise<TestRelay> {
  const received: RelayedMail[] = [];
  let toRefuse = 0;
  let refused = 0;
  let holdingBack = false;
  const held: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (toRefuse <= 0) return callback();
      toRefuse -= 1;
      refused += 1;
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: a.content,
            })),
          });
          if (holdingBack) held.push(() => callback());
          else callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(times) {
      toRefuse = times;
    },
    refusals: () => refused,
    hold() {
      holdingBack = true;
    },
    holding: () => held.length,
    release() {
      holdingBack = false;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
