/**
 * The shared password check of SPEC §5 (sign-up, password reset, the provider's own check), pure and
 * browser-safe. Each rule has its message, word for word; `passwordProblems` lists every rule a password breaks.
 */
export const PASSWORD_MESSAGES = {
  /** The shared check's "required" (sign-up shows its own "Password Required"). */
  required: '*Required',
  rules:
    'Please ensure your password is 8 to 20 characters long with one uppercase letter, one lowercase letter, one number and one special character. Allowed special characters are ! @ # $ ( ) [ ] . ,',
  repeat: 'Can only repeat the same character 2 times in a row.',
  unique: 'Must include 5 unique characters.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_MIN_UNIQUE = 5;
/** The special characters SPEC §5 allows; the two patterns below are built from this one list. */
const SPECIALS = '!@#$()[].,';
const SPECIAL_CLASS = SPECIALS.replace(/[\\\]^-]/g, '\\$&');

const ALLOWED = new RegExp(`^[A-Za-z0-9${SPECIAL_CLASS}]*$`);
const SPECIAL = new RegExp(`[${SPECIAL_CLASS}]`);

/** Every SPEC §5 rule `password` breaks, as messages (empty when it passes). */
export function passwordProblems(password: string): string[] {
  if (password === '') return [PASSWORD_MESSAGES.required];
  const problems: string[] = [];
  const length = [...password].length;
  const meetsRules =
    length >= PASSWORD_MIN &&
    length <= PASSWORD_MAX &&
    ALLOWED.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    SPECIAL.test(password);
  if (!meetsRules) problems.push(PASSWORD_MESSAGES.rules);
  if (/(.)\1\1/u.test(password)) problems.push(PASSWORD_MESSAGES.repeat);
  if (new Set(password).size < PASSWORD_MIN_UNIQUE) problems.push(PASSWORD_MESSAGES.unique);
  return problems;
}
