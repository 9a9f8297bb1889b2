/**
 * What the footer's newsletter form needs in the browser, without zod (it is on every page; `use-light-form.ts`):
 * where it posts, its definition's flags, SPEC's messages and the constraints the browser checks before hydration.
 * The schema (`newsletter-form.ts`) is built from the same values.
 */
import type { FormMeta } from '../forms/use-light-form';

export const NEWSLETTER_ACTION = '/api/newsletter';

export const NEWSLETTER_MESSAGES = {
  required: 'Email Address Required',
  invalid: 'Invalid email address',
  subscribed: 'Thank you for subscribing!',
} as const;

export const NEWSLETTER_FORM = {
  id: 'newsletter',
  honeypot: true,
  idempotent: true,
} as const satisfies FormMeta;

/** The longest address accepted (RFC 5321's 254 characters). */
export const NEWSLETTER_EMAIL_MAX = 254;
