/** The identity context's browser-safe surface: its messages, the shared password check and the redirect rules. */
export {
  LOCKOUT_SECONDS,
  secondsInLockoutMessage,
  SIGN_IN_MESSAGES,
  SIGN_OUT_DELAY_MS,
  tooManyAttemptsMessage,
} from './messages';
export { LOGOUT_FLAG, logoutLinkDecision, type LogoutLinkDecision } from './logout-link';
export { PASSWORD_MESSAGES, passwordProblems } from './password-policy';
export { formatPhone, PHONE_MAX_LENGTH, PHONE_PATTERN } from './phone';
export { ACCOUNT_PATH, redirectAfterSignIn, TRAINING_PATH } from './redirect-rules';
export type { SignInState } from './index.server';
