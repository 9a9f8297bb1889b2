/**
 * How the repairs context refuses: a `RepairError` carries the HTTP status and the SPEC §8 message, so the API and
 * the wizard answer alike. Plus the two small parsers every part of the context shares.
 */
import type { ZodError } from 'zod';
import { REPAIR_MESSAGES } from './messages';

/** Marks a RepairError whichever copy of this module made it (see `Symbol.hasInstance` below). */
const REPAIR_ERROR = Symbol.for('storefront.repairs.RepairError');

export class RepairError extends Error {
  readonly [REPAIR_ERROR] = true;

  /**
   * `instanceof` by brand, not by class identity: production runs two bundles (the server entry, which creates the
   * services, and the Remix build, whose routes catch their errors), each with its own copy of this class.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[REPAIR_ERROR] === true
    );
  }

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'RepairError';
  }
}

/** A change to a repair that is no longer a draft. */
export const notDraft = () => new RepairError(409, REPAIR_MESSAGES.notDraft);

/** A repair that is not there, or not the caller's: the same answer for both (issue 27 §7). */
export const repairNotFound = () => new RepairError(404, REPAIR_MESSAGES.notFound);

/** A positive 32-bit id from a path segment or a number; null for anything else. */
export function parseId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A 400 with the first message of each invalid field. */
export function invalid(error: ZodError, message: string = REPAIR_MESSAGES.missingRepairData): RepairError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || 'form';
    (fieldErrors[name] ??= []).push(issue.message);
  }
  return new RepairError(400, message, fieldErrors);
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
