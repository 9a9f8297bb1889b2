/**
 * The forms of the customer's control over their data (issue 26 §4; decisions 101 and 102) on the form kit: the
 * do-not-sell choice (SPEC §6 `dns_flag`) on `/account/privacy`, and the account's deletion on `/account/delete`
 * (the current password, SPEC §8's sign-in words for it, and a ticked confirmation).
 */
import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../../../server/identity/public';
import { defineForm } from '../forms/form-kit';

export const PRIVACY_PATH = '/account/privacy';
export const DELETE_ACCOUNT_PATH = '/account/delete';
export const ACCOUNT_DELETED_PATH = '/account/deleted';

export const PRIVACY_MESSAGES = {
  doNotSellOn: 'Saved: we will not sell or share your personal information.',
  doNotSellOff: 'Saved: your choice not to sell or share is withdrawn.',
  passwordRequired: SIGN_IN_MESSAGES.passwordRequired,
  passwordWrong: SIGN_IN_MESSAGES.passwordIncorrect,
  confirmRequired: 'Tick the box to confirm that you want to delete your account.',
  deleted: 'Your account is deleted.',
} as const;

export const doNotSellForm = defineForm({
  id: 'account-do-not-sell',
  honeypot: false,
  schema: z.object({
    /** A checkbox: conform reads "on" as true; absent is false. */
    dns_flag: z.boolean().default(false),
  }),
});

export const deleteAccountForm = defineForm({
  id: 'account-delete',
  honeypot: false,
  sensitive: ['current_password'],
  schema: z.object({
    current_password: z
      .string({ required_error: PRIVACY_MESSAGES.passwordRequired })
      .min(1, PRIVACY_MESSAGES.passwordRequired)
      .max(200, PRIVACY_MESSAGES.passwordWrong),
    confirm: z
      .boolean({ required_error: PRIVACY_MESSAGES.confirmRequired })
      .default(false)
      .refine((value) => value, PRIVACY_MESSAGES.confirmRequired),
  }),
});
