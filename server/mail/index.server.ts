/**
 * The mail context's service, as far as other contexts need it today: `enqueue` puts one mail into the outbox
 * (`mail_outbox`), in the same database as the change that caused it; a sender delivers the outbox (SMTP in
 * production, the mail viewer outside it; see ARCHITECTURE "mail").
 *
 * This is the smallest implementation of the interface the identity issue is building (`enqueue({ to, template,
 * subject, text, html })`); the back-in-stock confirmation depends on the interface only, so the fuller service
 * replaces this module without touching its callers.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { mailOutbox } from '../db/schema';

export type OutgoingMail = {
  to: string;
  /** Which mail this is (`back-in-stock-confirm`, …), for the viewer and for tests. */
  template: string;
  subject: string;
  text: string;
  html?: string | null;
};

export type StoredMail = OutgoingMail & { id: number; createdAt: Date; sentAt: Date | null };

export type MailService = {
  enqueue(mail: OutgoingMail): Promise<void>;
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
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

export function createMailService({ db }: { db: Database }): MailService {
  return {
    async enqueue(mail) {
      await db.insert(mailOutbox).values({
        to: mail.to,
        template: mail.template,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      });
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
