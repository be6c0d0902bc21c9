import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMailer, type MailLog, type Mailer } from './mailer.ts';

interface Received {
  from: string | undefined;
  to: string[];
  source: string;
}

/** A relay on an ephemeral local port that keeps what it is sent, and refuses recipients while told to. */
async function startRelay(options: { dataDelayMs?: number } = {}) {
  const received: Received[] = [];
  const logins: { username?: string | null; password?: string | null }[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, and the login may go in the clear.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (!state.refuse) return callback();
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          source: Buffer.concat(chunks).toString('utf8'),
        });
        setTimeout(() => callback(), options.dataDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received, logins, state };
}

function fakeLog() {
  return { info: vi.fn<MailLog['info']>(), warn: vi.fn<MailLog['warn']>() };
}

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'aduro-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function mailer(options: Parameters<typeof createMailer>[0]): Mailer {
  const created = createMailer(options);
  cleanups.push(() => created.close());
  return created;
}

const message = {
  to: ['ama@buyer.test', 'kofi@buyer.test'],
  subject: 'Invoice INV-2026-0042 is due',
  text: 'Your invoice is due on 30 November.',
  html: '<p>Your invoice is due on <b>30 November</b>.</p>',
};

// Later cleanups first: mailers close before their relays and temp folders go.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('mailer through SMTP_URL', () => {
  it('delivers to the relay with the envelope, the Subject, a text and an HTML part, logged in with the URL', async () => {
    const relay = await startRelay();
    const mail = mailer({
      smtpUrl: `smtp://aduro:s%40cret@127.0.0.1:${relay.port}`,
      from: 'Aduro <no-reply@aduro.test>',
      dataDir: await tempDir(),
      log: fakeLog(),
    });

    const result = await mail.send(message);

    expect(result.messageId).toMatch(/^<.+@.+>$/);
    expect(result.file).toBeUndefined();
    expect(relay.logins).toEqual([{ username: 'aduro', password: 's@cret' }]);
    expect(relay.received).toHaveLength(1);
    const [got] = relay.received;
    expect(got?.from).toBe('no-reply@aduro.test');
    expect(got?.to).toEqual(['ama@buyer.test', 'kofi@buyer.test']);
    expect(got?.source).toMatch(/^Subject: Invoice INV-2026-0042 is due\r$/m);
    expect(got?.source).toMatch(/^From: Aduro <no-reply@aduro\.test>\r$/m);
    expect(got?.source).toMatch(/^Content-Type: text\/plain/m);
    expect(got?.source).toMatch(/^Content-Type: text\/html/m);
    expect(got?.source).toContain('Your invoice is due on 30 November.');
    expect(got?.source).toContain('<b>30 November</b>');
  });

  it('sends an attachment as its own part, named, typed and base64-encoded, beside the text and HTML', async () => {
    const relay = await startRelay();
    const mail = mailer({
      smtpUrl: `smtp://127.0.0.1:${relay.port}`,
      from: 'no-reply@aduro.test',
      dataDir: await tempDir(),
      log: fakeLog(),
    });
    const pdf = Buffer.from('%PDF-1.7\nINV-2026-0042\n%%EOF\n');

    await mail.send({
      ...message,
      attachments: [{ filename: 'INV-2026-0042.pdf', content: pdf, contentType: 'application/pdf' }],
    });

    const source = relay.received[0]?.source ?? '';
    expect(source).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(source).toMatch(/^Content-Type: application\/pdf; name=INV-2026-0042\.pdf\r$/m);
    expect(source).toMatch(/^Content-Disposition: attachment; filename=INV-2026-0042\.pdf\r$/m);
    expect(source).toContain(pdf.toString('base64'));
    expect(source).toContain('Your invoice is due on 30 November.');
  });

  it('rejects with the 451 when the relay refuses, and the next send goes through once it accepts again', async () => {
    const relay = await startRelay();
    const mail = mailer({
      smtpUrl: `smtp://127.0.0.1:${relay.port}`,
      from: 'no-reply@aduro.test',
      dataDir: await tempDir(),
      log: fakeLog(),
    });

    relay.state.refuse = true;
    await expect(mail.send({ ...message, to: 'ama@buyer.test' })).rejects.toMatchObject({
      responseCode: 451,
    });
    expect(relay.received).toHaveLength(0);

    relay.state.refuse = false;
    await expect(mail.send({ ...message, to: 'ama@buyer.test' })).resolves.toMatchObject({
      messageId: expect.any(String),
    });
    expect(relay.received.map((r) => r.to)).toEqual([['ama@buyer.test']]);
  });

  it('rejects when nothing listens at SMTP_URL', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const mail = mailer({
      smtpUrl: `smtp://127.0.0.1:${closedPort}`,
      from: 'no-reply@aduro.test',
      dataDir: await tempDir(),
      log: fakeLog(),
    });

    await expect(mail.send(message)).rejects.toMatchObject({ code: 'ESOCKET' });
  });

  it('closes only once the message under way is delivered, then refuses new ones', async () => {
    const relay = await startRelay({ dataDelayMs: 200 });
    const mail = createMailer({
      smtpUrl: `smtp://127.0.0.1:${relay.port}`,
      from: 'no-reply@aduro.test',
      dataDir: await tempDir(),
      log: fakeLog(),
    });

    let delivered = false;
    const sending = mail.send(message).then(() => (delivered = true));
    await mail.close();

    expect(delivered).toBe(true);
    await sending;
    await expect(mail.send(message)).rejects.toThrow(/closed/);
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each message as one .eml file under DATA_DIR/mail, with both parts, and logs its subject', async () => {
    const dataDir = await tempDir();
    const log = fakeLog();
    const mail = mailer({ from: 'Aduro <no-reply@aduro.local>', dataDir, log });

    const result = await mail.send(message);

    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.eml$/);
    expect(result.file).toBe(path.join(dataDir, 'mail', files[0] ?? ''));
    const eml = await readFile(result.file ?? '', 'utf8');
    expect(eml).toMatch(/^Subject: Invoice INV-2026-0042 is due\r$/m);
    expect(eml).toMatch(/^To: ama@buyer\.test, kofi@buyer\.test\r$/m);
    expect(eml).toMatch(/^Message-ID: <.+>\r$/m);
    expect(eml).toMatch(/^Content-Type: text\/plain/m);
    expect(eml).toMatch(/^Content-Type: text\/html/m);
    expect(eml).toContain('Your invoice is due on 30 November.');
    expect(eml).toContain('<b>30 November</b>');
    expect(log.info).toHaveBeenCalledWith(
      expect.objectContaining({ subject: message.subject, to: message.to, file: result.file }),
      expect.any(String),
    );

    await mail.send({ ...message, subject: 'A second one' });
    expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(2);
  });
});
