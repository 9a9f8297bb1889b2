/**
 * The form kit's shared half (browser-safe; docs/decisions/031-form-kit.md). A form is defined once with
 * `defineForm` in a file that both the route's action (through `form.server.ts`) and the component (through
 * `use-kit-form.ts` and `fields.tsx`) import, so the browser and the server validate with the same zod schema.
 */
import type { SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';

/** Field names the kit owns; a form's own fields must not use them. */
export const KIT_FIELDS = {
  /** Server-rendered only (a hydrated form drops it): present means "no JavaScript, answer with a redirect". */
  redirectTo: 'redirectTo',
  /** The idempotency key of one rendered form. */
  idempotencyKey: '_key',
  /** The honeypot: hidden from people, filled in by form-filling bots. */
  honeypot: 'website',
} as const;

/** Bodies of a form are capped at this by default (a text form is well under 1 KB). */
export const DEFAULT_MAX_BYTES = 4 * 1024;

export type FormDefinition<Schema extends z.ZodTypeAny = z.ZodTypeAny, Checks = never> = {
  /** Unique per form: the HTML id, the analytics `form_id`, the flash and idempotency scope. */
  id: string;
  /**
   * The zod schema. `checks` are the server's database checks (async refinements), undefined in the browser, so
   * the same schema validates both sides and only the server adds what needs the database.
   */
  schema: (checks?: Checks) => Schema;
  /** Largest accepted body in bytes (413 beyond it). */
  maxBytes: number;
  /** Whether the form carries a honeypot (public forms do). */
  honeypot: boolean;
  /** Whether a repeated submit answers the first outcome (forms whose repeat would duplicate something). */
  idempotent: boolean;
  /** Fields never sent back to the browser (passwords): dropped from replies and flash cookies. */
  sensitive: readonly string[];
};

export type FormDefinitionInput<Schema extends z.ZodTypeAny, Checks> = {
  id: string;
  schema: Schema | ((checks?: Checks) => Schema);
  maxBytes?: number;
  /** Default true. */
  honeypot?: boolean;
  /** Default false. */
  idempotent?: boolean;
  sensitive?: readonly string[];
};

export function defineForm<Schema extends z.ZodTypeAny, Checks = never>(
  input: FormDefinitionInput<Schema, Checks>,
): FormDefinition<Schema, Checks> {
  if (!/^[a-z][a-z0-9-]{0,47}$/.test(input.id)) throw new Error(`Form ids are kebab-case: ${input.id}`);
  const schema = input.schema;
  return {
    id: input.id,
    schema: typeof schema === 'function' ? (schema as (checks?: Checks) => Schema) : () => schema,
    maxBytes: input.maxBytes ?? DEFAULT_MAX_BYTES,
    honeypot: input.honeypot ?? true,
    idempotent: input.idempotent ?? false,
    sensitive: input.sensitive ?? [],
  };
}

/** What an action answers a fetcher (and any client that posts without `redirectTo`). */
export type FormReply = {
  /** conform's result: field and form errors, the values to show again, or a reset after success. */
  result: SubmissionResult<string[]>;
  /** The success message, when the submission succeeded. */
  message?: string;
};

/** What a post without JavaScript leaves in the `flash` cookie for the page it is sent back to. */
export type FormFlash = FormReply & { formId: string };

/** The kit's own messages (the SPEC has none for these cases). */
export const KIT_MESSAGES = {
  honeypot: 'Form not submitted properly',
  badText: 'This field contains characters we cannot accept. Please retype it.',
  badTextForm: 'Some of what you sent contains characters we cannot accept.',
  tooLarge: 'What you sent is too large for this form.',
  unsupported: 'This form accepts only form submissions.',
  malformed: 'What you sent could not be read as a form.',
  badKey: 'This form could not be sent. Please reload the page and try again.',
  conflict: 'This form was already sent with other details. Please reload the page and try again.',
  pending: 'Your earlier submission of this form is still being handled. Please try again in a moment.',
} as const;

/** "45 seconds", "1 minute", "10 minutes", "2 hours": how long until a retry is allowed. */
export function retryAfterText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes <= 90) return plural(minutes, 'minute');
  return plural(Math.ceil(whole / 3600), 'hour');
}

/** The message of a 429: what happened and when to try again. */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${retryAfterText(retryAfterSeconds)}.`;
}
