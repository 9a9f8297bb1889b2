/**
 * Staff roles and what the staff pages say (decision 088). Browser-safe: the sign-in page and the error pages of the
 * staff screens import it through `public.ts`.
 */
export const STAFF_ROLES = ['repairs', 'pro-review', 'orders', 'stock', 'admin'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role lets its holder do, as the pages name it. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  repairs: 'repair desk',
  'pro-review': 'pro review',
  orders: 'order desk',
  stock: 'stock desk',
  admin: 'staff administration',
};

export const STAFF_SIGN_IN_PATH = '/staff/sign-in';

export const STAFF_MESSAGES = {
  signInNeeded: 'Please sign in with your staff account.',
  invalid: 'The e-mail or password is not right.',
  emailRequired: 'Please enter your e-mail.',
  passwordRequired: 'Please enter your password.',
  /** Too many failed sign-ins from one address (the account's own lock says the customers' lockout message). */
  tooManyFromAddress: 'Too many attempts. Please try again later.',
  signedOut: 'You are signed out.',
  forbidden: (role: StaffRole) => `Your staff account does not have the ${ROLE_LABELS[role]} role.`,
} as const;

/** The roles named in `list` (`repairs,pro-review`), or the names that are not roles. */
export function parseRoles(
  list: string,
): { ok: true; roles: StaffRole[] } | { ok: false; unknown: string[] } {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(STAFF_ROLES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) return { ok: false, unknown };
  return { ok: true, roles: STAFF_ROLES.filter((role) => names.includes(role)) };
}

/** Staff passwords: 12 to 128 characters (they guard every customer's data, so longer than a shopper's minimum). */
export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;
