/** The e-mail verification form of `/account/verify` (a POST: mail scanners that open links verify nothing). */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const VERIFY_MESSAGES = {
  verified: 'Your account is verified. You can sign in now.',
  invalid: 'This verification link is invalid or has expired. Sign in to get a new one.',
} as const;

export const verifyEmailForm = defineForm({
  id: 'verify-email',
  honeypot: false,
  schema: z.object({
    token: z.string({ required_error: VERIFY_MESSAGES.invalid }).max(128, VERIFY_MESSAGES.invalid),
  }),
});
