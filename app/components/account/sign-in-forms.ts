/**
 * The forms of the two-step sign-in (SPEC §4) and sign-out, on the form kit (decision 031): one definition each,
 * imported by the action and the panel. Messages are SPEC §5's, word for word.
 */
import { z } from 'zod';
import { SIGN_IN_MESSAGES } from '../../../server/identity/public';
import { defineForm } from '../forms/form-kit';

export const SIGN_IN_ACTIONS = {
  email: '/api/sign-in/email',
  password: '/api/sign-in/password',
  back: '/api/sign-in/back',
  resend: '/api/sign-in/resend',
  state: '/api/sign-in',
  signOut: '/api/sign-out',
} as const;

export const signInEmailForm = defineForm({
  id: 'sign-in-email',
  schema: z.object({
    email: z
      .string({ required_error: SIGN_IN_MESSAGES.emailRequired })
      .trim()
      .min(1, SIGN_IN_MESSAGES.emailRequired)
      // Checked once the field is not blank, so a blank field shows its message once.
      .pipe(z.string().max(254, SIGN_IN_MESSAGES.emailRequired).email(SIGN_IN_MESSAGES.emailRequired)),
  }),
});

/** A password outside 8–20 characters cannot be one of ours (SPEC §9): "Please enter valid Password". */
export const signInPasswordForm = defineForm({
  id: 'sign-in-password',
  sensitive: ['password'],
  schema: z.object({
    password: z
      .string({ required_error: SIGN_IN_MESSAGES.passwordRequired })
      .min(8, SIGN_IN_MESSAGES.passwordInvalid)
      .max(20, SIGN_IN_MESSAGES.passwordInvalid),
    /** The page the panel is open on (path and query): the redirect rules start from it. */
    from: z.string().max(2048).optional(),
  }),
});

export const signInBackForm = defineForm({ id: 'sign-in-back', honeypot: false, schema: z.object({}) });

export const signInResendForm = defineForm({ id: 'sign-in-resend', honeypot: false, schema: z.object({}) });

export const signOutForm = defineForm({ id: 'sign-out', honeypot: false, schema: z.object({}) });
