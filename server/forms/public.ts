/**
 * The forms context's browser-safe surface: the one check of redirect targets, and what a value must be before it
 * may reach the database (ids within `integer`, text without NUL or lone surrogates).
 */
export { safeRedirect } from './safe-redirect';
export { databaseId, isDatabaseId, isStorable, MAX_DATABASE_ID } from './values';
