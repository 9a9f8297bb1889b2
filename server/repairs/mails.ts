/**
 * The mails of a repair (issue 25 §6): at submission, at the quote (with the absolute pay link when the customer
 * pays), at payment and at each status change the repair desk makes. Each names the brand in its subject, has a
 * plain-text and an HTML part saying the same, and links to the customer's repair page with an absolute URL. Pure.
 */
import type { OutgoingMail } from '../mail/index.server';
import { repairPaymentPath, STATUS_LABELS, type RepairStatus } from './status';

export const REPAIR_MAIL_TEMPLATES = {
  submitted: 'repair-submitted',
  quoted: 'repair-quoted',
  paid: 'repair-paid',
  status: 'repair-status',
} as const;

/** What every repair mail needs: the brand, the store's origin, the repair and who to write to. */
export type RepairMailContext = { siteName: string; origin: string };

export type RepairMailSubject = {
  id: number;
  email: string;
  firstName: string | null;
  productName: string;
};

/** The customer's repair page: their repairs, this one's row. */
export const repairPagePath = (repairId: number) => `/warranties/repair#repair-${repairId}`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Paragraphs (each a list of text and links) as the text and HTML parts. */
function compose(
  context: RepairMailContext,
  repair: RepairMailSubject,
  template: string,
  subject: string,
  paragraphs: (string | { label: string; url: string })[][],
): OutgoingMail {
  const greeting = `Hello${repair.firstName ? ` ${repair.firstName}` : ''},`;
  const page = { label: 'See your repair', url: `${context.origin}${repairPagePath(repair.id)}` };
  const all = [[greeting], ...paragraphs, [page], [`${context.siteName} warranty repairs`]];
  return {
    to: repair.email,
    template,
    subject: `${context.siteName}: ${subject}`,
    text: all
      .map((parts) =>
        parts.map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.url}`)).join(' '),
      )
      .join('\n\n'),
    html: all
      .map(
        (parts) =>
          `<p>${parts
            .map((part) =>
              typeof part === 'string'
                ? escapeHtml(part)
                : `<a href="${escapeHtml(part.url)}">${escapeHtml(part.label)}</a>`,
            )
            .join(' ')}</p>`,
      )
      .join('\n'),
  };
}

export function repairSubmittedMail(context: RepairMailContext, repair: RepairMailSubject): OutgoingMail {
  return compose(
    context,
    repair,
    REPAIR_MAIL_TEMPLATES.submitted,
    `we received your repair request #${repair.id}`,
    [
      [`Thank you: your repair request #${repair.id} for ${repair.productName} is submitted.`],
      ['Our repair team will look at it and be in touch; we will email you at each step.'],
    ],
  );
}

export function repairQuotedMail(
  context: RepairMailContext,
  repair: RepairMailSubject & { quoteCents: number },
): OutgoingMail {
  if (repair.quoteCents === 0)
    return compose(
      context,
      repair,
      REPAIR_MAIL_TEMPLATES.quoted,
      `your repair #${repair.id} is covered by the warranty`,
      [
        [
          `Good news: the warranty covers the repair of ${repair.productName} (repair #${repair.id}). There is nothing to pay.`,
        ],
      ],
    );
  const amount = dollars(repair.quoteCents);
  return compose(
    context,
    repair,
    REPAIR_MAIL_TEMPLATES.quoted,
    `your quote for repair #${repair.id}: ${amount}`,
    [
      [`We have quoted the repair of ${repair.productName} (repair #${repair.id}) at ${amount}.`],
      [
        'Pay the quote here and we will start the repair:',
        { label: `Pay ${amount}`, url: `${context.origin}${repairPaymentPath(repair.id)}` },
      ],
    ],
  );
}

export function repairPaidMail(
  context: RepairMailContext,
  repair: RepairMailSubject & { amountCents: number; orderId: number },
): OutgoingMail {
  return compose(context, repair, REPAIR_MAIL_TEMPLATES.paid, `payment received for repair #${repair.id}`, [
    [
      `Thank you: we received your payment of ${dollars(repair.amountCents)} for repair #${repair.id} (${repair.productName}), order #${repair.orderId}.`,
    ],
  ]);
}

const STATUS_SENTENCES: Partial<Record<RepairStatus, string>> = {
  received: 'We have received your item at our repair centre.',
  quoted: 'We have quoted your repair.',
  in_repair: 'Your item is being repaired.',
  shipped: 'Your repaired item is on its way back to you.',
};

export function repairStatusMail(
  context: RepairMailContext,
  repair: RepairMailSubject & { status: RepairStatus },
): OutgoingMail {
  return compose(
    context,
    repair,
    REPAIR_MAIL_TEMPLATES.status,
    `repair #${repair.id} is now ${STATUS_LABELS[repair.status]}`,
    [
      [`Your repair #${repair.id} (${repair.productName}) is now ${STATUS_LABELS[repair.status]}.`],
      ...(STATUS_SENTENCES[repair.status] ? [[STATUS_SENTENCES[repair.status]!]] : []),
    ],
  );
}

/** Who a repair row's mails go to: the contact e-mail the customer gave; null without one (no mail). */
export function mailSubjectOf(row: {
  id: number;
  customerInfo: unknown;
  product: unknown;
}): RepairMailSubject | null {
  const info = (row.customerInfo ?? {}) as Record<string, unknown>;
  const product = (row.product ?? {}) as Record<string, unknown>;
  const email = typeof info.email === 'string' ? info.email.trim() : '';
  if (!email) return null;
  return {
    id: row.id,
    email,
    firstName: typeof info.first_name === 'string' && info.first_name.trim() ? info.first_name.trim() : null,
    productName: typeof product.name === 'string' && product.name ? product.name : 'your product',
  };
}
