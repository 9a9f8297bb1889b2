/** The sign-in and session messages of SPEC §5 and §8, word for word (browser-safe). */
export const SIGN_IN_MESSAGES = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordInvalid: 'Please enter valid Password',
  emailIncorrect: 'Email is incorrect.',
  passwordIncorrect: 'Password is incorrect.',
  userNotFound: 'User not Found.',
  accountNotEnabled: 'Account Not Enabled',
  notActivated: 'Account has not been activated.',
  resendLink: 'Resend email?',
  resending: 'Sending...',
  verificationSent: 'A verification link has been sent to your email.',
  alreadyLoggedIn: 'You are already logged in, please reload the page to login',
  tokenExpired: 'Token is Expired.',
  /** A failed code-for-token exchange: SPEC §8 asks for "a generic error state". */
  signInFailed: 'Sign-in could not be completed. Please try again.',
} as const;

/** SPEC §8: the message of the provider's `access_denied` lockout answer. */
export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many login attempts. Please try again in ${seconds} seconds.`;
}

/** The seconds left in a lockout message, or null when the message is not one. */
export function secondsInLockoutMessage(message: string): number | null {
  const match = /^Too many login attempts\. Please try again in (\d+) seconds\.$/.exec(message);
  return match ? Number(match[1]) : null;
}

/** SPEC §9: the lockout lasts 60 seconds; the client counts down from what the provider says. */
export const LOCKOUT_SECONDS = 60;
/** SPEC §9: the pause between sign-out and `/?login=true`. */
export const SIGN_OUT_DELAY_MS = 2000;
