/**
 * Forgot password (SPEC §2 panel, §4 states, §5 rules, §8 messages) and the new-password page of the mailed link,
 * on the form kit. The new password goes through the shared check (SPEC §5).
 */
import { z } from 'zod';
import { passwordProblems } from '../../../server/identity/public';
import { defineForm } from '../forms/form-kit';

export const FORGOT_PASSWORD_ACTION = '/api/forgot-password';

export const RESET_MESSAGES = {
  emailRequired: 'Email Address is required',
  emailInvalid: 'Invalid email address',
  sent: 'A link to reset has been sent to your email.',
  failed: 'Something went wrong. Please refresh the page and try again',
  confirmRequired: 'Confirm Password Required',
  mismatch: 'Both passwords do not match',
  reset: 'Your password has been changed. You can sign in with it now.',
} as const;

/** SPEC §9: after success the panel reloads after 5 seconds. */
export const RESET_PANEL_RELOAD_MS = 5000;

export const forgotPasswordForm = defineForm({
  id: 'forgot-password',
  schema: z.object({
    email: z
      .string({ required_error: RESET_MESSAGES.emailRequired })
      .trim()
      .min(1, RESET_MESSAGES.emailRequired)
      .pipe(z.string().max(254, RESET_MESSAGES.emailInvalid).email(RESET_MESSAGES.emailInvalid)),
  }),
});

export const newPasswordForm = defineForm({
  id: 'new-password',
  honeypot: false,
  sensitive: ['password', 'confpassword', 'token'],
  schema: z
    .object({
      token: z.string({ required_error: RESET_MESSAGES.failed }).max(128, RESET_MESSAGES.failed),
      password: z.string({ required_error: '*Required' }).superRefine((value, context) => {
        for (const message of passwordProblems(value)) context.addIssue({ code: 'custom', message });
      }),
      confpassword: z.string({ required_error: RESET_MESSAGES.confirmRequired }),
    })
    .superRefine((value, context) => {
      if (value.password !== value.confpassword)
        context.addIssue({ code: 'custom', path: ['confpassword'], message: RESET_MESSAGES.mismatch });
    }),
});
