/**
 * Delivery of the outbox (issue 10 §6): when `SMTP_URL` is set, a sender claims due mails, sends them over SMTP and
 * records the outcome. Without it, mails stay in the outbox and the mail viewer (`/mail`) shows them.
 *
 * Several app servers may share one database: a mail is claimed with `FOR UPDATE SKIP LOCKED` and leased for
 * `leaseMs` (its `next_attempt_at` moves forward), so exactly one server sends it; a server that dies mid-send
 * leaves a lease that expires, and another server retries. A failed attempt backs off exponentially; after
 * `maxAttempts` the mail stays unsent with its last error, for an operator to read. Delivery is at least once: a
 * crash between the SMTP server's acceptance and the `sent_at` update sends that mail again.
 *
 * Recipients and mail bodies are personal data: logs name the mail's id and template only.
 */
import nodemailer from 'nodemailer';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import { mailHtmlFromText } from './html';
import { mailOutbox } from './schema';
import type { Logger } from '../logger';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

/** Where mails go: SMTP in production, a recording fake in tests. */
export type MailTransport = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * An SMTP transport from `smtp://user:password@host:port` (STARTTLS when the server offers it) or
 * `smtps://…` (TLS from the first byte, usually port 465). Timeouts are short so a dead server cannot hold a
 * send for minutes.
 */
export function smtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close() {
      transporter.close();
    },
  };
}

export type DeliveryOutcome = { sent: number; failed: number };

export type MailDelivery = {
  /** Claims the mails due now (at most `batchSize`) and tries each once. */
  deliverDue(): Promise<DeliveryOutcome>;
  /** Delivers soon: called after a mail is enqueued, so mails leave within moments instead of one poll later. */
  wake(): void;
  /** Polls every `pollMs` for mails that are due (retries, other servers' mails); the timer does not hold the process. */
  start(pollMs: number): void;
  /** Stops the periodic runs; resolves when a run under way has ended (then the transport closes). */
  stop(): Promise<void>;
};

const DELIVERY_DEFAULTS = {
  batchSize: 20,
  maxAttempts: 8,
  /** How long a claimed mail is reserved for the server sending it. */
  leaseMs: 5 * 60_000,
  /** Backoff after the n-th failed attempt: base · 2^(n−1), capped. */
  backoffBaseMs: 30_000,
  backoffMaxMs: 6 * 60 * 60_000,
} as const;

/** The wait before the next try after `attempts` failed attempts (pure; table-tested). */
export function backoffMs(
  attempts: number,
  base: number = DELIVERY_DEFAULTS.backoffBaseMs,
  max: number = DELIVERY_DEFAULTS.backoffMaxMs,
): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(max, base * 2 ** exponent);
}

/** An SMTP error's text for the outbox row: bounded, one line. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

export function createMailDelivery(deps: {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  from: string;
  logger: Logger;
  /** The brand heading an HTML part made here for a mail stored without one. */
  brand?: string;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
}): MailDelivery {
  const { db, clock, transport, from, logger } = deps;
  const batchSize = deps.batchSize ?? DELIVERY_DEFAULTS.batchSize;
  const maxAttempts = deps.maxAttempts ?? DELIVERY_DEFAULTS.maxAttempts;
  const leaseMs = deps.leaseMs ?? DELIVERY_DEFAULTS.leaseMs;
  let timer: NodeJS.Timeout | undefined;
  let woken: NodeJS.Timeout | undefined;
  let running: Promise<DeliveryOutcome> | null = null;
  let again = false;
  let stopped = false;

  async function claim(now: Date) {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          lt(mailOutbox.attempts, maxAttempts),
          lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(and(inArray(mailOutbox.id, due), isNull(mailOutbox.sentAt)))
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
        headers: mailOutbox.headers,
        template: mailOutbox.template,
        attempts: mailOutbox.attempts,
      });
  }

  async function deliverOnce(): Promise<DeliveryOutcome> {
    const claimed = await claim(clock.now());
    claimed.sort((a, b) => a.id - b.id);
    let sent = 0;
    let failed = 0;
    for (const mail of claimed) {
      try {
        // multipart/alternative: the text and an HTML part (made from the text when the mail was stored without).
        await transport.send({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? mailHtmlFromText(mail.text, { brand: deps.brand, subject: mail.subject }),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        await db
          .update(mailOutbox)
          .set({ sentAt: clock.now(), lastError: null })
          .where(eq(mailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        failed += 1;
        const finalAttempt = mail.attempts >= maxAttempts;
        await db
          .update(mailOutbox)
          .set({
            lastError: errorText(error),
            nextAttemptAt: new Date(clock.now().getTime() + backoffMs(mail.attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
        const fields = { mailId: mail.id, template: mail.template, attempts: mail.attempts };
        if (finalAttempt) logger.error('mail not delivered; giving up', fields);
        else logger.warn('mail delivery failed; will retry', fields);
      }
    }
    return { sent, failed };
  }

  /** One delivery at a time per process; a wake during a run schedules one more run after it. */
  function deliverDue(): Promise<DeliveryOutcome> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverOnce().finally(() => {
      running = null;
      if (again) {
        again = false;
        schedule(0);
      }
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    if (woken) return;
    woken = setTimeout(() => {
      woken = undefined;
      deliverDue().catch((error: unknown) =>
        logger.warn('mail delivery run failed', { error: errorText(error) }),
      );
    }, delayMs);
    woken.unref();
  }

  return {
    deliverDue,
    wake: () => schedule(25),
    start(pollMs) {
      if (timer) return;
      stopped = false;
      schedule(0);
      timer = setInterval(() => schedule(0), pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (woken) clearTimeout(woken);
      timer = undefined;
      woken = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
