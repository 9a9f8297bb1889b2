/**
 * The form kit's server half (docs/decisions/031-form-kit.md): one call in an action reads the body (capped per
 * form, urlencoded or multipart only, NUL and unpaired surrogates refused with a field error), checks the honeypot,
 * parses with the form's zod schema plus the server's database checks, applies the form's rate limits, makes a
 * repeated submit answer its first outcome (idempotency key), runs the action's work and answers:
 *
 * - a browser without JavaScript (the form carried the server-rendered `redirectTo`): 303 back to that page
 *   (`safeRedirect`) with the outcome in the `flash` cookie — success message, or errors and the typed values;
 *   what cannot be fixed by editing the form (413, 415, 429, 409) is thrown as an error page with its status;
 * - a fetcher (no `redirectTo`) or any other client: `{ result, message }` with 200, 400, 404, 409, 413, 415, 422,
 *   429 or 503 (the work could not be done now: the form shows why, e.g. the store failed).
 */
import crypto from 'node:crypto';
import { parse, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext, type HeadersFunction } from '@remix-run/node';
import type { z } from 'zod';
import {
  IDEMPOTENCY_KEY,
  readFormBody,
  safeRedirect,
  type IdempotencyClaim,
} from '../../../server/forms/index.server';
import {
  clearCookieHeaders,
  parseCookieHeader,
  readJsonCookie,
  setJsonCookieHeader,
  type CookieOptions,
} from '../../../server/web/cookies.server';
import { CACHE_PRIVATE } from '../../../server/web/cache.server';
import {
  KIT_FIELDS,
  KIT_MESSAGES,
  rateLimitedMessage,
  type FormDefinition,
  type FormFlash,
  type FormReply,
} from './form-kit';

type KitContext = Pick<AppLoadContext, 'services' | 'clientIp' | 'logger'>;
type Args = { request: Request; context: KitContext };

/** A rate limit of a form: `limit` submissions per `windowMs` for each value of `key`. */
export type RateLimitRule<Value> = {
  /** Names the counter (`client`, `email`); part of the rate-limit key. */
  name: string;
  limit: number;
  windowMs: number;
  /** What is counted for this submission; null counts nothing. */
  key(input: { clientIp: string; value: Value }): string | null;
};

/** Submissions per client address (Express `req.ip`: the proxy's X-Forwarded-For only with TRUST_PROXY). */
export function perClient(options: { limit: number; windowMs: number }): RateLimitRule<unknown> {
  return { name: 'client', ...options, key: ({ clientIp }) => clientIp };
}

/** Submissions per value of a text field (an e-mail: trimmed and lower-cased), whoever sends them. */
export function perField<Value>(
  field: keyof Value & string,
  options: { limit: number; windowMs: number },
): RateLimitRule<Value> {
  return {
    name: field,
    ...options,
    key: ({ value }) => {
      const raw = (value as Record<string, unknown>)[field];
      return typeof raw === 'string' && raw.trim() !== '' ? raw.trim().toLowerCase() : null;
    },
  };
}

export type FormSuccess = {
  ok: true;
  message: string;
  /** Clear the form after success (default true). */
  resetForm: boolean;
  /** Extra headers of the answer (a Set-Cookie of the form's own); not replayed to a repeated submit. */
  headers?: HeadersInit;
};

export type FormRejection = {
  ok: false;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  /** 503: the work failed on our side (the store); the shopper may send the same again later. */
  status: 400 | 404 | 409 | 422 | 503;
  /** Extra headers of the answer (a Set-Cookie that keeps the state the refusal changed). */
  headers?: HeadersInit;
};

export type FormOutcome = FormSuccess | FormRejection;

const helpers = {
  success(message: string, options: { resetForm?: boolean; headers?: HeadersInit } = {}): FormSuccess {
    return { ok: true, message, resetForm: options.resetForm ?? true, headers: options.headers };
  },
  reject(
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    status: FormRejection['status'] = 400,
    options: { headers?: HeadersInit } = {},
  ): FormRejection {
    return {
      ok: false,
      formErrors: errors.formErrors ?? [],
      fieldErrors: errors.fieldErrors ?? {},
      status,
      headers: options.headers,
    };
  },
};

export type SubmitHelpers = typeof helpers & {
  /** The submission's idempotency key (idempotent forms), for a domain that keys its own writes by it. */
  idempotencyKey: string | null;
};

export type HandleFormOptions<Schema extends z.ZodTypeAny, Checks> = {
  /** The server's database checks, handed to the schema's async refinements. */
  checks?: Checks;
  /** Checked in order after the submission parsed; the first one over its limit answers 429. */
  limits?: readonly RateLimitRule<z.output<Schema>>[];
  /** The work: call a service, answer `success(message)` or `reject({ fieldErrors })`. */
  submit(value: z.output<Schema>, helpers: SubmitHelpers): Promise<FormOutcome>;
};

/** The outcome kept for a repeated submit (headers are not kept). */
type StoredOutcome = { message: string; resetForm: boolean };

const NO_STORE = { 'Cache-Control': CACHE_PRIVATE };
/** Flash cookies stay well under the 4 KB browsers keep per cookie. */
const MAX_FLASH_BYTES = 3_000;

/** Whether the browser navigates (a form post without JavaScript) rather than fetches. */
export function isDocumentRequest(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode');
  if (mode) return mode === 'navigate';
  return request.headers.get('Accept')?.includes('text/html') ?? false;
}

/** An error result for conform without running the schema (honeypot, refused text, limits). */
function errorResult(
  formData: FormData,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  sensitive: readonly string[],
): SubmissionResult<string[]> {
  return parse(formData, {
    resolve: () => ({ error: { '': errors.formErrors ?? [], ...errors.fieldErrors } }),
  }).reply({ hideFields: [...sensitive] });
}

const errorOnly = (message: string): SubmissionResult<string[]> => ({
  status: 'error',
  error: { '': [message] },
});

function fingerprint(formId: string, value: unknown): string {
  const stable = JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
  return crypto.createHash('sha256').update(`${formId}\n${stable}`).digest('base64url');
}

/** The rate-limit counter of a rule: field values are keyed by an HMAC, so no e-mail is stored in clear. */
function limitKey(formId: string, rule: { name: string }, value: string, key: string): string {
  const counted =
    rule.name === 'client' ? value : crypto.createHmac('sha256', key).update(value).digest('base64url');
  return `form:${formId}:${rule.name}:${counted}`;
}

/**
 * Handles one submission of `form` (see the module comment). Returns what the action returns; throws (as Remix
 * expects) the error pages of a post without JavaScript.
 */
export async function handleForm<Schema extends z.ZodTypeAny, Checks>(
  { request, context }: Args,
  form: FormDefinition<Schema, Checks>,
  options: HandleFormOptions<Schema, Checks>,
) {
  const documentRequest = isDocumentRequest(request);
  let returnTo: string | null = null;

  /** An answer the shopper cannot fix by editing the form: an error page without JavaScript, else a reply. */
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
    const init = { status, headers: { ...NO_STORE, ...headers } };
    // Thrown as a Response: the error boundary shows `message` with a link back to `returnTo`.
    if (documentRequest || returnTo !== null)
      throw new Response(JSON.stringify({ message, returnTo: returnTo ?? '/' }), {
        ...init,
        headers: { ...init.headers, 'Content-Type': 'application/json; charset=utf-8' },
      });
    return data<FormReply>({ result: errorOnly(message) }, init);
  };

  if (request.method.toUpperCase() !== 'POST')
    return refuse(405, 'This address only accepts form submissions.', { Allow: 'POST' });

  const body = await readFormBody(request, { maxBytes: form.maxBytes });
  if (body.kind === 'too-large') return refuse(413, KIT_MESSAGES.tooLarge);
  if (body.kind === 'unsupported-type') return refuse(415, KIT_MESSAGES.unsupported);
  if (body.kind === 'malformed') return refuse(400, KIT_MESSAGES.malformed);

  const raw = body.formData;
  const redirectField = raw.get(KIT_FIELDS.redirectTo);
  returnTo = redirectField === null ? null : safeRedirect(redirectField);
  // An empty key is no key: a shared page without JavaScript has none to give.
  const key = raw.get(KIT_FIELDS.idempotencyKey) || null;
  const honeypot = raw.get(KIT_FIELDS.honeypot);
  // The form's own fields: the kit's are not part of the submission (nor of what is sent back).
  const formData = new FormData();
  for (const [name, value] of raw.entries()) {
    if (!(Object.values(KIT_FIELDS) as string[]).includes(name)) formData.append(name, value);
  }

  const rateLimitKey = context.services.config.keys.rateLimit;
  const flashOptions = context.services.config.cookies;

  /** Sends the outcome back: 303 with the flash cookie without JavaScript, else the reply with its status. */
  const answer = (reply: FormReply, status: number, headers?: HeadersInit) => {
    const responseHeaders = new Headers(headers);
    for (const [name, value] of Object.entries(NO_STORE)) responseHeaders.set(name, value);
    if (returnTo !== null) {
      responseHeaders.append('Set-Cookie', flashCookie({ ...reply, formId: form.id }, flashOptions));
      return redirect(returnTo, { status: 303, headers: responseHeaders });
    }
    return data<FormReply>(reply, { status, headers: responseHeaders });
  };

  if (form.honeypot && typeof honeypot === 'string' && honeypot !== '') {
    context.logger.info('form honeypot filled', { form: form.id });
    return answer(
      { result: errorResult(formData, { formErrors: [KIT_MESSAGES.honeypot] }, form.sensitive) },
      400,
    );
  }
  if (body.badFields.length > 0) {
    const fieldErrors = Object.fromEntries(body.badFields.map((name) => [name, [KIT_MESSAGES.badText]]));
    return answer(
      {
        result: errorResult(
          formData,
          { formErrors: [KIT_MESSAGES.badTextForm], fieldErrors },
          form.sensitive,
        ),
      },
      400,
    );
  }
  if (key !== null && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)))
    return refuse(400, KIT_MESSAGES.badKey);

  const submission = await parseWithZod(formData, { schema: form.schema(options.checks), async: true });
  if (submission.status !== 'success')
    return answer({ result: submission.reply({ hideFields: [...form.sensitive] }) }, 400);
  const value = submission.value as z.output<Schema>;

  const succeed = (outcome: StoredOutcome, headers?: HeadersInit) =>
    answer(
      {
        result: outcome.resetForm
          ? submission.reply({ resetForm: true })
          : submission.reply({ hideFields: [...form.sensitive] }),
        message: outcome.message,
      },
      200,
      headers,
    );

  // A repeated submit answers the first outcome and counts against no limit.
  let claim: IdempotencyClaim<StoredOutcome> | null = null;
  if (form.idempotent && typeof key === 'string') {
    claim = await context.services.forms.claim<StoredOutcome>(form.id, key, fingerprint(form.id, value));
    if (claim.kind === 'replay') return succeed(claim.outcome);
    if (claim.kind === 'conflict') return refuse(409, KIT_MESSAGES.conflict);
    if (claim.kind === 'pending') return refuse(409, KIT_MESSAGES.pending);
  }
  const owned = claim?.kind === 'claimed' ? claim : null;

  try {
    for (const rule of options.limits ?? []) {
      const counted = rule.key({ clientIp: context.clientIp, value });
      if (counted === null) continue;
      const hit = await context.services.rateLimiter.hit(
        limitKey(form.id, rule, counted, rateLimitKey),
        rule,
      );
      if (!hit.allowed) {
        context.logger.info('form rate limited', { form: form.id, rule: rule.name });
        await owned?.release();
        return refuse(429, rateLimitedMessage(hit.retryAfterSeconds), {
          'Retry-After': String(hit.retryAfterSeconds),
        });
      }
    }

    const outcome = await options.submit(value, {
      ...helpers,
      idempotencyKey: typeof key === 'string' ? key : null,
    });
    if (!outcome.ok) {
      await owned?.release();
      return answer(
        {
          result: submission.reply({
            formErrors: outcome.formErrors,
            fieldErrors: outcome.fieldErrors,
            hideFields: [...form.sensitive],
          }),
        },
        outcome.status,
        outcome.headers,
      );
    }
    const stored: StoredOutcome = { message: outcome.message, resetForm: outcome.resetForm };
    await owned?.complete(stored);
    return succeed(stored, outcome.headers);
  } catch (error) {
    // A thrown Response (a page the kit refuses with) is not a failure of the work.
    if (!(error instanceof Response) && owned) await owned.release().catch(() => undefined);
    throw error;
  }
}

/** The `Set-Cookie` of a flash; the typed values are dropped when they would make the cookie too large. */
function flashCookie(flash: FormFlash, options: CookieOptions): string {
  const full = setJsonCookieHeader('flash', flash, options);
  if (full.length <= MAX_FLASH_BYTES) return full;
  const lean: FormFlash = { ...flash, result: { ...flash.result, initialValue: null } };
  return setJsonCookieHeader('flash', lean, options);
}

function isFormFlash(value: unknown): value is FormFlash {
  if (!value || typeof value !== 'object') return false;
  const flash = value as Partial<FormFlash>;
  return typeof flash.formId === 'string' && !!flash.result && typeof flash.result === 'object';
}

/**
 * The flash a post without JavaScript left for this page, read once: the root loader calls this and hands the
 * flash to the forms on the page (`useKitForm` picks the one with its id); `headers` clears the cookie.
 */
export function readFlash(
  request: Request,
  context: Pick<AppLoadContext, 'services'>,
): { flash: FormFlash | null; headers: Headers } {
  const headers = new Headers();
  const options = context.services.config.cookies;
  const jar = parseCookieHeader(request.headers.get('Cookie'));
  const present = jar.flash !== undefined || jar['__Host-flash'] !== undefined;
  if (!present) return { flash: null, headers };
  for (const cookie of clearCookieHeaders('flash', options)) headers.append('Set-Cookie', cookie);
  const value = readJsonCookie<unknown>(jar, 'flash', options);
  return { flash: isFormFlash(value) ? value : null, headers };
}

/** A fresh idempotency key, for loaders of private pages that render a form (shared pages make theirs in the browser). */
export function newIdempotencyKey(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/** Headers of a kit answer that a route's `headers` must pass on (Remix keeps only Set-Cookie by itself). */
const FORM_HEADERS = ['Retry-After', 'Cache-Control', 'Allow'] as const;

/**
 * The `headers` export of a route with a kit action: the route's own headers, then those of the kit's answer
 * (`Retry-After` of a 429, `no-store`), which Remix would otherwise drop from a fetcher's answer.
 */
export function formRouteHeaders(own?: HeadersFunction | HeadersInit): HeadersFunction {
  return (args) => {
    const headers = new Headers(typeof own === 'function' ? own(args) : own);
    const posted = [...args.actionHeaders.keys()].length > 0;
    for (const name of FORM_HEADERS) {
      const value = args.actionHeaders.get(name) ?? args.errorHeaders?.get(name);
      if (value) headers.set(name, value);
    }
    // A route that exists for its action answers a GET with its loader's 405 and `Allow`.
    const allow = args.loaderHeaders.get('Allow');
    if (allow && !posted) headers.set('Allow', allow);
    return headers;
  };
}

/**
 * The loader of a route that exists for its action (`/api/product/notify`): a GET is a 405 with `Allow: POST`,
 * rendered by `FormReplyPage`. Not thrown: Remix runs the loaders after the action to render the page of a post
 * without `redirectTo`, and a thrown 405 would replace the action's answer.
 */
export function actionOnlyLoader() {
  return data({ allow: 'POST' }, { status: 405, headers: { Allow: 'POST', 'Cache-Control': CACHE_PRIVATE } });
}
