/**
 * The provider's mails: account verification, password reset and welcome, with links to the storefront's pages.
 * Each subject names the brand (issue 26 §5; content `seo.json` siteName, given to the provider as `brand`).
 */
import type { OutgoingMail } from '../../mail/index.server';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function linkMail(input: {
  to: string;
  template: string;
  subject: string;
  greeting: string;
  lines: string[];
  linkText: string;
  url: string;
}): OutgoingMail {
  const text = [input.greeting, '', ...input.lines, '', `${input.linkText}: ${input.url}`, ''].join('\n');
  const html = [
    `<p>${escapeHtml(input.greeting)}</p>`,
    ...input.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(input.url)}">${escapeHtml(input.linkText)}</a></p>`,
  ].join('\n');
  return { to: input.to, template: input.template, subject: input.subject, text, html };
}

/** "Cairn Outdoor " before a noun, or nothing for a provider given no brand. */
const brandOf = (brand: string | undefined) => (brand?.trim() ? `${brand.trim()} ` : '');

type LinkMailInput = { to: string; firstName: string; origin: string; token: string; brand?: string };

export function verificationMail(input: LinkMailInput) {
  return linkMail({
    to: input.to,
    template: 'account-verification',
    subject: `Verify your ${brandOf(input.brand)}account`,
    greeting: `Hi ${input.firstName},`,
    lines: ['Please verify your e-mail address to activate your account. The link works once, for 48 hours.'],
    linkText: 'Verify my account',
    url: `${input.origin}/account/verify?token=${encodeURIComponent(input.token)}`,
  });
}

export function resetMail(input: LinkMailInput) {
  return linkMail({
    to: input.to,
    template: 'password-reset',
    subject: `Reset your ${brandOf(input.brand)}password`,
    greeting: `Hi ${input.firstName},`,
    lines: [
      'We received a request to reset the password of your account. The link works once, for one hour.',
      'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    ],
    linkText: 'Choose a new password',
    url: `${input.origin}/account/new-password?token=${encodeURIComponent(input.token)}`,
  });
}

/** Sent once, when an account becomes active (verified by its link, or by a password reset). */
export function welcomeMail(input: Omit<LinkMailInput, 'token'>) {
  return linkMail({
    to: input.to,
    template: 'welcome',
    subject: input.brand?.trim() ? `Welcome to ${input.brand.trim()}` : 'Welcome to the store',
    greeting: `Hi ${input.firstName},`,
    lines: [
      'Your account is active. Sign in to see your orders, keep your addresses and request warranty repairs.',
    ],
    linkText: 'Sign in',
    url: `${input.origin}/?login=true`,
  });
}
