/**
 * SPEC §5 phone input: formatted progressively as (###)-###-#### while typed, cut to 14 characters; a phone number
 * is 10 digits. Pure and browser-safe (the sign-up field formats on input; the server formats what was posted
 * without JavaScript the same way).
 */
export const PHONE_MAX_LENGTH = 14;
export const PHONE_PATTERN = /^\(\d{3}\)-\d{3}-\d{4}$/;

/** "4065550101" → "(406)-555-0101"; "40655" → "(406)-55"; extra digits are dropped. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)})-${digits.slice(3)}`;
  return `(${digits.slice(0, 3)})-${digits.slice(3, 6)}-${digits.slice(6)}`.slice(0, PHONE_MAX_LENGTH);
}
