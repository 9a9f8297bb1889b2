/**
 * The back-in-stock form (SPEC §7 `api/product/notify`), one definition for the server action and the client
 * (the form kit, docs/decisions/031-form-kit.md). E-mail messages are SPEC §5's newsletter ones, word for word.
 * A request counts only once its address confirms it through the link of the mail it gets.
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const EMAIL_REQUIRED = 'Email Address Required';
export const EMAIL_INVALID = 'Invalid email address';
export const BACK_IN_STOCK_REQUESTED =
  'Almost done: we have sent you an email. Open its link to confirm your back-in-stock alert.';
export const UNKNOWN_VARIANT = 'This size is no longer sold. Please choose another.';
import { BACK_IN_STOCK_FORM_ID } from './back-in-stock-action';

export { NOTIFY_ACTION } from './back-in-stock-action';

/** The server's database check (async refinement): the variant exists. */
export type BackInStockChecks = { variantExists(sku: string): Promise<boolean> };

export const backInStockForm = defineForm({
  id: BACK_IN_STOCK_FORM_ID,
  // Two short fields and the kit's own: a few hundred bytes; 2 KB leaves room and refuses anything bigger.
  maxBytes: 2 * 1024,
  honeypot: true,
  // A repeat would queue a second confirmation mail.
  idempotent: true,
  schema: (checks?: BackInStockChecks) => {
    const fields = z.object({
      email: z
        .string({ required_error: EMAIL_REQUIRED })
        .trim()
        .min(1, EMAIL_REQUIRED)
        .max(254, EMAIL_INVALID)
        .email(EMAIL_INVALID),
      sku: z
        .string({ required_error: UNKNOWN_VARIANT, invalid_type_error: UNKNOWN_VARIANT })
        .trim()
        .min(1, UNKNOWN_VARIANT)
        .max(100, UNKNOWN_VARIANT),
    });
    if (!checks) return fields;
    // A form-level error (path []): the SKU is a hidden field, so the message shows with the form's status.
    return fields.superRefine(async ({ sku }, ctx) => {
      if (sku && !(await checks.variantExists(sku)))
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNKNOWN_VARIANT, path: [] });
    });
  },
});

export const CONFIRM_PATH = '/back-in-stock/confirm';
export const LINK_INVALID =
  'This confirmation link has expired or was already used. You can ask again from the product page.';

/** The confirmation page's form: the single-use token of the mail's link. */
export const backInStockConfirmForm = defineForm({
  id: 'back-in-stock-confirm',
  maxBytes: 1024,
  // Reached from a mail link, and the token is the secret: a bot that finds a token has nothing left to fill in.
  honeypot: false,
  // A double click answers the first outcome ("confirmed") rather than "already used".
  idempotent: true,
  schema: z.object({
    token: z
      .string({ required_error: LINK_INVALID, invalid_type_error: LINK_INVALID })
      .regex(/^[A-Za-z0-9_-]{20,100}$/, LINK_INVALID),
  }),
});

export function confirmedMessage(productName: string): string {
  return `Your back-in-stock alert for ${productName} is on. We will email you once when it is back.`;
}
