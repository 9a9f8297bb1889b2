/**
 * The mail context's service: `enqueue` puts one mail into the outbox (`mail_outbox`), in the same database as the
 * change that caused it; with `SMTP_URL` set, the delivery (delivery.server.ts) sends it moments later and retries
 * failures; without it, the mail viewer (`/mail`) shows the outbox (ARCHITECTURE "mail").
 */
import { desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import { mailHtmlFromText } from './html';
import { mailOutbox } from './schema';

export { createMailDelivery, smtpTransport, type MailDelivery, type MailTransport } from './delivery.server';
export { mailViewerAllowed, mailViewerToken } from './viewer.server';
export { mailHtmlFromText, mailSender } from './html';

export type OutgoingMail = {
  to: string;
  /** Which mail this is (`back-in-stock-confirm`, …), for the viewer and for tests. */
  template: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers: a marketing mail carries `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string> | null;
};

export type StoredMail = OutgoingMail & { id: number; createdAt: Date; sentAt: Date | null };

export type MailService = {
  /**
   * Stores a mail; given the caller's transaction `tx`, in it, so the mail exists exactly when the change that
   * caused it commits (a gift card's mail and its `sent_at` claim, decision 099).
   */
  enqueue(mail: OutgoingMail, tx?: Tx): Promise<void>;
  /** The newest mails of the outbox, newest first (the mail viewer). */
  list(limit: number): Promise<StoredMail[]>;
  get(id: number): Promise<StoredMail | null>;
};

const columns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  template: mailOutbox.template,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  headers: mailOutbox.headers,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export function createMailService({
  db,
  onEnqueued,
  brand,
}: {
  db: Database;
  /** Called after each mail is stored (the delivery wakes up). */
  onEnqueued?: () => void;
  /** The brand heading an HTML part derived from a text-only mail (content `seo.json` siteName). */
  brand?: string;
}): MailService {
  return {
    async enqueue(mail, tx) {
      await (tx ?? db).insert(mailOutbox).values({
        to: mail.to,
        template: mail.template,
        subject: mail.subject,
        text: mail.text,
        // Every mail has an HTML part (issue 25 §7): a text-only mail gets one made from its text (html.ts).
        html: mail.html ?? mailHtmlFromText(mail.text, { brand, subject: mail.subject }),
        headers: mail.headers ?? null,
      });
      onEnqueued?.();
    },
    async list(limit) {
      return db.select(columns).from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
    },
    async get(id) {
      const [row] = await db.select(columns).from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row ?? null;
    },
  };
}

/**
 * `enqueue` inside the caller's transaction: the mail is stored if and only if the change that caused it commits
 * (a back-in-stock notice with the subscription it uses up, a repair mail with the repair's change; decision 098).
 * The delivery finds it at its next poll.
 */
export async function enqueueInTransaction(tx: Tx, mail: OutgoingMail): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: mail.to,
    template: mail.template,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    headers: mail.headers ?? null,
  });
}
