/**
 * What a value must be before it may reach the database, shared by every parser of input (issue 27 §4): ids within
 * PostgreSQL's `integer` (a larger one is not an id of ours, and the driver would fail on it with a 500), and text
 * free of NUL and lone surrogates at any depth of a JSON document (PostgreSQL refuses NUL in `text` and `jsonb`,
 * and a lone surrogate is not UTF-8). Pure and browser-safe.
 */
import { z } from 'zod';
import { isAcceptableText } from './body';

/** The largest PostgreSQL `integer` (serial ids). */
export const MAX_DATABASE_ID = 2_147_483_647;

/** A database id from a form or query value: a whole number from 1 to MAX_DATABASE_ID, else `message`. */
export function databaseId(message: string) {
  return z.coerce
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .positive(message)
    .max(MAX_DATABASE_ID, message);
}

/** Whether `text` names a database id (digits only, 1 to MAX_DATABASE_ID). */
export function isDatabaseId(text: string): boolean {
  if (!/^[1-9]\d{0,9}$/.test(text)) return false;
  return Number(text) <= MAX_DATABASE_ID;
}

/** Deepest nesting looked into; a deeper document is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * Whether every string in a parsed JSON value (object keys included) may be stored: no NUL, no lone surrogate,
 * no U+FFFD left by undecodable bytes.
 */
export function isStorable(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof value === 'string') return isAcceptableText(value);
  if (Array.isArray(value)) return value.every((item) => isStorable(item, depth + 1));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).every(([key, item]) => isAcceptableText(key) && isStorable(item, depth + 1));
  return true;
}
