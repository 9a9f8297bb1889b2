/**
 * Outbox delivery over real SMTP (issue 10 §6), on PGlite and the local PostgreSQL: an SMTP server started in the
 * test (the `smtp-server` package) receives what the store enqueued; a refusal is recorded, backed off and retried;
 * two senders on one database never send the same mail twice; a mail that keeps failing is given up.
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { mailOutbox } from '../../server/db/schema';
import {
  backoffMs,
  createMailDelivery,
  smtpTransport,
  type MailTransport,
} from '../../server/mail/delivery.server';
import { createMailService } from '../../server/mail/index.server';
import { createLogger, type LogLevel } from '../../server/logger';
import { describeEachEngine } from '../helpers/database';

type Received = { from: string; to: string[]; raw: string; user?: string };

/** A local SMTP server with AUTH; `refuse` makes it answer 451 to recipients in that set. */
async function startSmtp() {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'store' && auth.password === 'p@ss word')
        return callback(null, { user: 'store' });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address)) {
        const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    refuse,
    url: `smtp://store:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function recordingLogger() {
  const lines: { level: LogLevel; line: string }[] = [];
  return {
    lines,
    logger: createLogger({ level: 'debug', sink: (line, level) => lines.push({ level, line }) }),
  };
}

describeEachEngine('mail delivery over SMTP', ({ database }) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let transport: MailTransport;
  // Enqueued mails are due from the database's own now(): the delivery's clock starts after the real time, or a
  // fixed date in the past would leave every mail not yet due (it did, once the wall clock passed it).
  const clock = fixedClock(new Date(Date.now() + 60 * 60_000).toISOString());

  beforeAll(async () => {
    smtp = await startSmtp();
    transport = smtpTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await database().db.delete(mailOutbox);
    smtp.received.length = 0;
    smtp.refuse.clear();
  });

  const delivery = (logger = recordingLogger().logger, options: { maxAttempts?: number } = {}) =>
    createMailDelivery({
      db: database().db,
      clock,
      transport,
      from: 'Storefront <no-reply@shop.example>',
      logger,
      ...options,
    });

  it('sends every enqueued mail with its subject, text and HTML, authenticated, and marks it sent', async () => {
    const mail = createMailService({ db: database().db });
    await mail.enqueue({
      to: 'avery@example.com',
      template: 'account-verification',
      subject: 'Verify your account',
      text: 'Verify my account: https://shop.example/account/verify?token=abc',
      html: '<p><a href="https://shop.example/account/verify?token=abc">Verify my account</a></p>',
    });
    await mail.enqueue({ to: 'sam@example.com', template: 'welcome', subject: 'Welcome', text: 'Hi Sam' });

    expect(await delivery().deliverDue()).toEqual({ sent: 2, failed: 0 });

    expect(smtp.received.map((r) => r.to)).toEqual([['avery@example.com'], ['sam@example.com']]);
    const [first] = smtp.received;
    expect(first?.user).toBe('store');
    expect(first?.from).toBe('no-reply@shop.example');
    expect(first?.raw).toContain('Subject: Verify your account');
    expect(first?.raw).toContain('text/html');
    expect(first?.raw).toContain('https://shop.example/account/verify?token=abc');
    // The text-only mail leaves as multipart/alternative too: its HTML part is made from the text (issue 25 §7).
    const second = smtp.received[1]?.raw ?? '';
    expect(second).toMatch(/Content-Type: multipart\/alternative/i);
    expect(second).toMatch(/Content-Type: text\/plain/i);
    expect(second).toMatch(/Content-Type: text\/html/i);
    expect(second).toContain('<p>Hi Sam</p>');
    const rows = await database().db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((row) => [row.sentAt?.toISOString(), row.attempts, row.lastError])).toEqual([
      [clock.now().toISOString(), 1, null],
      [clock.now().toISOString(), 1, null],
    ]);
    // Nothing is due any more: a second run sends nothing.
    expect(await delivery().deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it('wakes up after an enqueue without waiting for the poll', async () => {
    const sender = delivery();
    const mail = createMailService({ db: database().db, onEnqueued: sender.wake });
    await mail.enqueue({ to: 'quick@example.com', template: 'welcome', subject: 'Welcome', text: 'Hi' });
    await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
    await sender.stop();
  });

  it('records a refusal without logging the address, backs off, and sends on the retry', async () => {
    smtp.refuse.add('busy@example.com');
    const mail = createMailService({ db: database().db });
    await mail.enqueue({
      to: 'busy@example.com',
      template: 'password-reset',
      subject: 'Reset',
      text: 'link',
    });
    const { lines, logger } = recordingLogger();

    expect(await delivery(logger).deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await database().db.select().from(mailOutbox);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/451/);
    expect(row?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + backoffMs(1));
    expect(lines.some((l) => l.level === 'warn' && l.line.includes('mail delivery failed'))).toBe(true);
    expect(lines.map((l) => l.line).join('\n')).not.toContain('busy@example.com');

    // Not due before the backoff has passed, even when the server takes it now.
    smtp.refuse.clear();
    clock.advance(backoffMs(1) - 1_000);
    expect(await delivery().deliverDue()).toEqual({ sent: 0, failed: 0 });
    clock.advance(1_000);
    expect(await delivery().deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((r) => r.to)).toEqual([['busy@example.com']]);
  });

  it('gives up after the last attempt and says so once at error level', async () => {
    smtp.refuse.add('gone@example.com');
    const mail = createMailService({ db: database().db });
    await mail.enqueue({ to: 'gone@example.com', template: 'welcome', subject: 'Welcome', text: 'Hi' });
    const { lines, logger } = recordingLogger();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await delivery(logger, { maxAttempts: 3 }).deliverDue()).toEqual({ sent: 0, failed: 1 });
      clock.advance(backoffMs(attempt));
    }
    expect(await delivery(logger, { maxAttempts: 3 }).deliverDue()).toEqual({ sent: 0, failed: 0 });
    const [row] = await database().db.select().from(mailOutbox);
    expect(row?.attempts).toBe(3);
    expect(row?.sentAt).toBeNull();
    expect(lines.filter((l) => l.level === 'error' && l.line.includes('giving up'))).toHaveLength(1);
  });

  it('lets two senders on one database send each mail exactly once', async () => {
    const mail = createMailService({ db: database().db });
    for (let i = 0; i < 30; i += 1)
      await mail.enqueue({
        to: `shopper${i}@example.com`,
        template: 'welcome',
        subject: 'Welcome',
        text: 'Hi',
      });
    // Each sender works through batches of 20 until nothing is due; both run at once on the same outbox.
    const drain = async (sender: ReturnType<typeof delivery>) => {
      let sent = 0;
      for (;;) {
        const outcome = await sender.deliverDue();
        if (outcome.sent === 0 && outcome.failed === 0) return sent;
        sent += outcome.sent;
      }
    };
    const [byA, byB] = await Promise.all([drain(delivery()), drain(delivery())]);
    expect(byA + byB).toBe(30);
    const recipients = smtp.received.flatMap((r) => r.to).sort();
    expect(recipients).toHaveLength(30);
    expect(new Set(recipients).size).toBe(30);
  });

  it('leaves a claimed mail to its sender until the lease ends, then another server retries it', async () => {
    const mail = createMailService({ db: database().db });
    await mail.enqueue({ to: 'lease@example.com', template: 'welcome', subject: 'Welcome', text: 'Hi' });
    // A server claims the mail and dies before sending: the lease holds it.
    const claimedAt = clock.now();
    await database()
      .db.update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(claimedAt.getTime() + 5 * 60_000) })
      .where(eq(mailOutbox.to, 'lease@example.com'));
    expect(await delivery().deliverDue()).toEqual({ sent: 0, failed: 0 });
    clock.advance(5 * 60_000);
    expect(await delivery().deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [row] = await database().db.select().from(mailOutbox);
    expect(row?.attempts).toBe(2);
  });

  it('records an unreachable server as a failure, not a crash', async () => {
    const closed = await startSmtp();
    await closed.close();
    const dead = smtpTransport(closed.url);
    const mail = createMailService({ db: database().db });
    await mail.enqueue({ to: 'nobody@example.com', template: 'welcome', subject: 'Welcome', text: 'Hi' });
    const sender = createMailDelivery({
      db: database().db,
      clock,
      transport: dead,
      from: 'no-reply@shop.example',
      logger: recordingLogger().logger,
    });
    expect(await sender.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await database().db.select().from(mailOutbox);
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    dead.close();
  });
});
