/**
 * The mails of a back-in-stock request (pure): the confirmation with its single-use link, and the note to an
 * address that is already on the list. Text and HTML say the same; every interpolated value is escaped in HTML.
 */
import type { OutgoingMail } from '../mail/index.server';

export const CONFIRM_TEMPLATE = 'back-in-stock-confirm';
export const ALREADY_SUBSCRIBED_TEMPLATE = 'back-in-stock-already-subscribed';
export const CONFIRM_SUBJECT = 'Confirm your back-in-stock alert';
export const ALREADY_SUBSCRIBED_SUBJECT = 'You are already on the back-in-stock list';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The brand leads a subject (content `seo.json` siteName), as in every other mail of the store. */
const branded = (siteName: string | undefined, subject: string) =>
  siteName?.trim() ? `${siteName.trim()}: ${subject}` : subject;

export function confirmationMail(input: {
  to: string;
  productName: string;
  sku: string;
  link: string;
  siteName?: string;
}): OutgoingMail {
  const item = `${input.productName} (${input.sku})`;
  return {
    to: input.to,
    template: CONFIRM_TEMPLATE,
    subject: branded(input.siteName, CONFIRM_SUBJECT),
    text: [
      `Someone, hopefully you, asked us to email this address when ${item} is back in stock.`,
      '',
      `To confirm, open this link within 48 hours: ${input.link}`,
      '',
      'If you did not ask for this, ignore this mail: without your confirmation we will not write again.',
    ].join('\n'),
    html: [
      `<p>Someone, hopefully you, asked us to email this address when ${escapeHtml(item)} is back in stock.</p>`,
      `<p><a href="${escapeHtml(input.link)}">Confirm my back-in-stock alert</a> (the link works once, for 48 hours).</p>`,
      '<p>If you did not ask for this, ignore this mail: without your confirmation we will not write again.</p>',
    ].join('\n'),
  };
}

export function alreadySubscribedMail(input: {
  to: string;
  productName: string;
  sku: string;
  siteName?: string;
}): OutgoingMail {
  const item = `${input.productName} (${input.sku})`;
  return {
    to: input.to,
    template: ALREADY_SUBSCRIBED_TEMPLATE,
    subject: branded(input.siteName, ALREADY_SUBSCRIBED_SUBJECT),
    text: `This address is already on the list for ${item}. We will email you once when it is back in stock.`,
    html: `<p>This address is already on the list for ${escapeHtml(item)}. We will email you once when it is back in stock.</p>`,
  };
}

export const NOTICE_TEMPLATE = 'back-in-stock-notice';

/** The notice itself: sent once, when the variant is back; the alert ends with it. */
export function backInStockMail(input: {
  to: string;
  siteName: string;
  productName: string;
  sku: string;
  color: string | null;
  size: string | null;
  /** The product page with the colour and size chosen, absolute. */
  link: string;
}): OutgoingMail {
  const variant = [input.color, input.size === null ? null : `size ${input.size}`]
    .filter((part): part is string => part !== null)
    .join(', ');
  const item = variant ? `${input.productName} (${variant})` : input.productName;
  return {
    to: input.to,
    template: NOTICE_TEMPLATE,
    subject: `${input.siteName}: ${item} is back in stock`,
    text: [
      `Good news: ${item} is back in stock at ${input.siteName}.`,
      '',
      `Order it here: ${input.link}`,
      '',
      `This was your one-time alert for ${input.sku}; we will not write about it again.`,
    ].join('\n'),
    html: [
      `<p>Good news: ${escapeHtml(item)} is back in stock at ${escapeHtml(input.siteName)}.</p>`,
      `<p><a href="${escapeHtml(input.link)}">Order it here</a></p>`,
      `<p>This was your one-time alert for ${escapeHtml(input.sku)}; we will not write about it again.</p>`,
    ].join('\n'),
  };
}
