/**
 * The back-in-stock form (SPEC §7 `api/product/notify`): one zod schema for the server action and the
 * client. E-mail messages are SPEC §5's newsletter ones, word for word. Pure.
 */
import { z } from 'zod';

export const EMAIL_REQUIRED = 'Email Address Required';
export const EMAIL_INVALID = 'Invalid email address';
export const BACK_IN_STOCK_SUCCESS = "Thanks! We'll email you when this size is back in stock.";
export const UNKNOWN_VARIANT = 'This size is no longer sold. Please choose another.';
/** The honeypot field: hidden from people, filled in by form-filling bots. */
export const HONEYPOT_FIELD = 'website';

export const backInStockSchema = z.object({
  email: z
    .string({ required_error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254, EMAIL_INVALID)
    .email(EMAIL_INVALID),
  sku: z.string().trim().min(1).max(100),
});

/** Outcomes carried back in the URL (`?notify=`) after a post without JavaScript. */
export const NOTIFY_OUTCOMES = {
  requested: BACK_IN_STOCK_SUCCESS,
  required: EMAIL_REQUIRED,
  invalid: EMAIL_INVALID,
  unknown: UNKNOWN_VARIANT,
} as const;
export type NotifyOutcome = keyof typeof NOTIFY_OUTCOMES;

export function isNotifyOutcome(value: string | null): value is NotifyOutcome {
  return value !== null && Object.hasOwn(NOTIFY_OUTCOMES, value);
}

/** A same-origin path to go back to: "/…" but not "//host" or "/\\host"; anything else gives null. */
export function safeRedirectPath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return null;
  try {
    const url = new URL(value, 'http://same.origin');
    return url.origin === 'http://same.origin' ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}
