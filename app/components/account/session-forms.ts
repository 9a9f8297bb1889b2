/**
 * The account's sessions and password (issue 26 §4, issue 23 §2; decision 086) on the form kit: "Sign out" of one
 * session of the list, "Sign out everywhere else", and the password change (the current password, then a new one
 * through SPEC §5's shared check with its words; SPEC §8's sign-in words for the current one).
 */
import { z } from 'zod';
import { passwordProblems, SIGN_IN_MESSAGES } from '../../../server/identity/public';
import { defineForm } from '../forms/form-kit';
import { RESET_MESSAGES } from './password-reset-forms';

export const SESSIONS_PATH = '/account/sessions';
export const PASSWORD_PATH = '/account/password';

export const SESSION_MESSAGES = {
  ended: 'That session is signed out.',
  endedOthers: 'You are signed out everywhere else.',
  noOthers: 'You are not signed in anywhere else.',
  gone: 'That session has ended already.',
  changed: 'Your password is changed. You are signed out everywhere else.',
  currentRequired: SIGN_IN_MESSAGES.passwordRequired,
  currentWrong: SIGN_IN_MESSAGES.passwordIncorrect,
} as const;

/** The list's handle of a session (16 base64url characters); anything else names none of theirs. */
export const sessionEndForm = defineForm({
  id: 'account-session-end',
  honeypot: false,
  schema: z.object({
    session: z
      .string({ required_error: SESSION_MESSAGES.gone })
      .regex(/^[A-Za-z0-9_-]{16}$/, SESSION_MESSAGES.gone),
  }),
});

export const sessionsEndOthersForm = defineForm({
  id: 'account-sessions-others',
  honeypot: false,
  schema: z.object({}),
});

export const passwordChangeForm = defineForm({
  id: 'account-password',
  honeypot: false,
  sensitive: ['current_password', 'password', 'confpassword'],
  schema: z
    .object({
      current_password: z
        .string({ required_error: SESSION_MESSAGES.currentRequired })
        .min(1, SESSION_MESSAGES.currentRequired)
        .max(200, SESSION_MESSAGES.currentWrong),
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
