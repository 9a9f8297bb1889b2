/**
 * The cookie-settings form (SPEC §2 footer "cookie settings link", §4 consent) on the form kit: one checkbox per
 * optional consent group and three submit buttons (`intent`). Pure; shared by the route's action and its page.
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';
import type { Consent } from './consent';

export const COOKIE_SETTINGS_PATH = '/cookie-settings';
export const COOKIE_SETTINGS_SAVED = 'Your cookie choices are saved.';
export const UNKNOWN_CHOICE = 'Choose Save my choices, Allow all or Reject all.';

export const cookieSettingsForm = defineForm({
  id: 'cookie-settings',
  // It writes only the sender's own consent cookie: nothing for a bot to abuse, no honeypot, no idempotency.
  honeypot: false,
  maxBytes: 1024,
  schema: z.object({
    intent: z
      .enum(['save', 'accept-all', 'reject-all'], { errorMap: () => ({ message: UNKNOWN_CHOICE }) })
      .default('save'),
    C0002: z.boolean().default(false),
    C0003: z.boolean().default(false),
    C0004: z.boolean().default(false),
  }),
});

export type CookieSettingsValue = z.output<ReturnType<typeof cookieSettingsForm.schema>>;

/** The consent a submission chose: every group for "Allow all", none for "Reject all", else the ticked ones. */
export function consentFromChoice(value: CookieSettingsValue): Consent {
  if (value.intent === 'accept-all') return { C0001: true, C0002: true, C0003: true, C0004: true };
  if (value.intent === 'reject-all') return { C0001: true, C0002: false, C0003: false, C0004: false };
  return { C0001: true, C0002: value.C0002, C0003: value.C0003, C0004: value.C0004 };
}
