/**
 * The form kit's server half, table-driven over Requests, with in-memory rate limiter and idempotency store (their
 * SQL is tested on both engines in test/integration/forms.test.ts).
 */
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { FormsService, IdempotencyClaim } from '../../../server/forms/index.server';
import { readJsonCookie, parseCookieHeader } from '../../../server/web/cookies.server';
import type { RateLimiter } from '../../../server/rate-limit/index.server';
import { defineForm, KIT_MESSAGES, type FormFlash, type FormReply } from './form-kit';
import { handleForm, perClient, perField, readFlash, type FormOutcome } from './form.server';

const SECRET = 's'.repeat(40);
const KEY = 'k'.repeat(24);
const TAKEN = 'That address is taken';

const signUp = defineForm({
  id: 'test-sign-up',
  maxBytes: 512,
  idempotent: true,
  sensitive: ['password'],
  schema: (checks?: { isTaken(email: string): Promise<boolean> }) => {
    const fields = z.object({
      email: z.string({ required_error: 'Email Address Required' }).email('Invalid email address'),
      password: z.string({ required_error: 'Password Required' }),
    });
    if (!checks) return fields;
    return fields.superRefine(async ({ email }, ctx) => {
      if (await checks.isTaken(email)) ctx.addIssue({ code: 'custom', message: TAKEN, path: ['email'] });
    });
  },
});

function fakeLimiter(): RateLimiter & { keys: string[] } {
  const counts = new Map<string, number>();
  const keys: string[] = [];
  return {
    keys,
    async hit(key, { limit, windowMs }) {
      keys.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return {
        allowed: count <= limit,
        count,
        limit,
        remaining: Math.max(0, limit - count),
        resetAt: new Date(0),
        retryAfterSeconds: windowMs / 1000,
      };
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

function fakeForms(): FormsService {
  const rows = new Map<string, { fingerprint: string; outcome: unknown }>();
  return {
    async claim<Outcome>(
      formId: string,
      key: string,
      fingerprint: string,
    ): Promise<IdempotencyClaim<Outcome>> {
      const id = `${formId}/${key}`;
      const row = rows.get(id);
      if (row) {
        if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
        return row.outcome === null
          ? { kind: 'pending' }
          : { kind: 'replay', outcome: row.outcome as Outcome };
      }
      rows.set(id, { fingerprint, outcome: null });
      return {
        kind: 'claimed',
        complete: async (outcome) => void rows.set(id, { fingerprint, outcome }),
        release: async () => void rows.delete(id),
      };
    },
  };
}

function kitContext() {
  const rateLimiter = fakeLimiter();
  const context = {
    services: {
      config: {
        publicUrl: undefined,
        cookies: { secure: false, keys: [SECRET] },
        keys: { rateLimit: SECRET },
      },
      rateLimiter,
      forms: fakeForms(),
    },
    clientIp: '203.0.113.9',
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
  } as unknown as AppLoadContext;
  return { context, rateLimiter };
}

type Answer = { status: number; headers: Headers; reply?: FormReply; thrown?: unknown };

/** Runs handleForm and describes its answer, whether returned (data or redirect) or thrown (an error page). */
async function run(
  request: Request,
  options: {
    context?: AppLoadContext;
    submit?: () => Promise<FormOutcome>;
    limits?: Parameters<typeof handleForm>[2]['limits'];
  } = {},
): Promise<Answer> {
  const context = options.context ?? kitContext().context;
  try {
    const answer = await handleForm({ request, context }, signUp, {
      checks: { isTaken: async (email) => email === 'taken@example.com' },
      limits: options.limits as never,
      submit: options.submit ?? (async () => ({ ok: true, message: 'Welcome!', resetForm: true })),
    });
    const result = answer as unknown as Response | { data: FormReply; init: ResponseInit | null };
    if (result instanceof Response) return { status: result.status, headers: result.headers };
    return {
      status: result.init?.status ?? 200,
      headers: new Headers(result.init?.headers),
      reply: result.data as FormReply,
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, headers: thrown.headers, thrown: await thrown.json() };
  }
}

const form = (body: string, headers: Record<string, string> = {}, method = 'POST') =>
  new Request('http://shop.test/action', {
    method,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: method === 'GET' ? undefined : body,
  });

const flashOf = (answer: Answer): FormFlash | undefined => {
  const cookie = answer.headers.get('Set-Cookie')?.split(';')[0] ?? '';
  return readJsonCookie<FormFlash>(parseCookieHeader(cookie), 'flash', { secure: false, keys: [SECRET] });
};

describe('handleForm answers a fetcher (no redirectTo)', () => {
  it.each([
    ['a valid submission', 'email=a%40example.com&password=Secret1!', 200, {}, undefined, 'Welcome!'],
    ['a missing field', 'password=x', 400, { email: ['Email Address Required'] }, undefined, undefined],
    [
      'a bad e-mail',
      'email=nope&password=x',
      400,
      { email: ['Invalid email address'] },
      undefined,
      undefined,
    ],
    ['a database check (async refinement)', 'email=taken%40example.com&password=x', 400, { email: [TAKEN] }],
    [
      'the honeypot filled in',
      'email=a%40example.com&password=x&website=http%3A%2F%2Fspam',
      400,
      { '': [KIT_MESSAGES.honeypot] },
    ],
    [
      'a NUL byte',
      'email=a%00%40example.com&password=x',
      400,
      { '': [KIT_MESSAGES.badTextForm], email: [KIT_MESSAGES.badText] },
    ],
    [
      'an encoded lone surrogate',
      'email=a%40example.com&password=%ED%A0%80',
      400,
      { '': [KIT_MESSAGES.badTextForm], password: [KIT_MESSAGES.badText] },
    ],
    [
      'a malformed idempotency key',
      `email=a%40example.com&password=x&_key=short`,
      400,
      { '': [KIT_MESSAGES.badKey] },
    ],
  ] as const)('%s → %s', async (_name, body, status, errors, _unused?: undefined, message?: string) => {
    const submit = vi.fn(async (): Promise<FormOutcome> => ({
      ok: true,
      message: 'Welcome!',
      resetForm: true,
    }));
    const answer = await run(form(body), { submit });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(answer.reply?.message).toBe(message);
    if (status === 200) {
      expect(submit).toHaveBeenCalledOnce();
      // conform's reset: no values to show again.
      expect(answer.reply?.result).toEqual({ initialValue: null });
    } else {
      expect(submit).not.toHaveBeenCalled();
      expect(answer.reply?.result.error).toEqual(errors);
    }
  });

  it('never sends a sensitive field back', async () => {
    const answer = await run(form('email=nope&password=Secret1!'));
    expect(answer.status).toBe(400);
    expect(answer.reply?.result.initialValue).toEqual({ email: 'nope' });
    expect(JSON.stringify(answer.reply)).not.toContain('Secret1!');
  });

  it.each([
    [
      'JSON',
      form('{"email":"a@example.com"}', { 'Content-Type': 'application/json' }),
      415,
      KIT_MESSAGES.unsupported,
    ],
    ['text', form('email=a', { 'Content-Type': 'text/plain' }), 415, KIT_MESSAGES.unsupported],
    ['a body over the cap', form(`email=${'a'.repeat(600)}`), 413, KIT_MESSAGES.tooLarge],
    [
      'a declared 50 MB',
      form('email=a', { 'Content-Length': String(50 * 1024 * 1024) }),
      413,
      KIT_MESSAGES.tooLarge,
    ],
    ['a GET', form('', {}, 'GET'), 405, 'This address only accepts form submissions.'],
    ['a PUT', form('email=a', {}, 'PUT'), 405, 'This address only accepts form submissions.'],
  ])('%s → %s with a form error', async (_name, request, status, message) => {
    const answer = await run(request);
    expect(answer.status).toBe(status);
    expect(answer.reply?.result.error).toEqual({ '': [message] });
    if (status === 405) expect(answer.headers.get('Allow')).toBe('POST');
  });

  it('passes a rejection of the work on with its status and errors', async () => {
    const answer = await run(form('email=a%40example.com&password=x'), {
      submit: async () => ({ ok: false, formErrors: ['Gone'], fieldErrors: { email: ['No'] }, status: 404 }),
    });
    expect(answer.status).toBe(404);
    expect(answer.reply?.result.error).toEqual({ '': ['Gone'], email: ['No'] });
  });
});

describe('handleForm without JavaScript (redirectTo): post/redirect/get with a flash', () => {
  it.each([
    ['/signup?step=1', '/signup?step=1'],
    ['//evil.example', '/'],
    ['/.//evil.example', '/'],
    ['/mens/..//evil.com%2F', '/'],
    ['https://evil.example/', '/'],
  ])('success goes back to %j as %j with the message in the flash', async (redirectTo, location) => {
    const answer = await run(
      form(`email=a%40example.com&password=x&redirectTo=${encodeURIComponent(redirectTo)}`),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe(location);
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store');
    expect(answer.headers.get('Set-Cookie')).toMatch(
      /^flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(flashOf(answer)).toMatchObject({ formId: 'test-sign-up', message: 'Welcome!' });
  });

  it('errors go back too, with the typed values but never a sensitive one', async () => {
    const answer = await run(form('email=nope&password=Secret1!&redirectTo=%2Fsignup'));
    expect(answer.status).toBe(303);
    const flash = flashOf(answer)!;
    expect(flash.result.error).toEqual({ email: ['Invalid email address'] });
    expect(flash.result.initialValue).toEqual({ email: 'nope' });
    expect(answer.headers.get('Set-Cookie')).not.toContain('Secret1');
    expect(JSON.stringify(flash)).not.toContain('Secret1!');
  });

  it.each([
    ['a body over the cap', form(`email=${'a'.repeat(600)}`, { 'Sec-Fetch-Mode': 'navigate' }), 413],
    ['JSON', form('{}', { 'Content-Type': 'application/json', Accept: 'text/html' }), 415],
  ])('%s is an error page (%s), not a reply', async (_name, request, status) => {
    const answer = await run(request);
    expect(answer.status).toBe(status);
    expect(answer.thrown).toMatchObject({ returnTo: '/' });
  });
});

describe('handleForm rate limits', () => {
  const limits = [
    perClient({ limit: 2, windowMs: 600_000 }),
    perField('email', { limit: 1, windowMs: 3_600_000 }),
  ];

  it('counts per client and per e-mail, answering 429 with Retry-After and a clear message', async () => {
    const { context, rateLimiter } = kitContext();
    const first = await run(form('email=One%40Example.com&password=x'), { context, limits });
    expect(first.status).toBe(200);
    // The same address in other letters and spaces is the same address.
    const again = await run(form('email=ONE%40example.COM&password=x'), { context, limits });
    expect(again.status).toBe(429);
    expect(again.headers.get('Retry-After')).toBe('3600');
    expect(again.reply?.result.error).toEqual({ '': ['Too many attempts. Please try again in 60 minutes.'] });
    const third = await run(form('email=two%40example.com&password=x'), { context, limits });
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toBe('600');
    expect(third.reply?.result.error).toEqual({ '': ['Too many attempts. Please try again in 10 minutes.'] });
    // Keys: the client address, and the e-mail only as an HMAC.
    expect(rateLimiter.keys[0]).toBe('form:test-sign-up:client:203.0.113.9');
    expect(rateLimiter.keys[1]).toMatch(/^form:test-sign-up:email:[A-Za-z0-9_-]{43}$/);
    expect(rateLimiter.keys.join(' ')).not.toContain('example.com');
  });

  it('without JavaScript a 429 is the error page with its message and the way back', async () => {
    const { context } = kitContext();
    const body = 'email=a%40example.com&password=x&redirectTo=%2Fsignup';
    await run(form(body), { context, limits });
    const refused = await run(form(body), { context, limits });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('3600');
    expect(refused.thrown).toEqual({
      message: 'Too many attempts. Please try again in 60 minutes.',
      returnTo: '/signup',
    });
  });

  it('does not count what failed validation', async () => {
    const { context, rateLimiter } = kitContext();
    for (let i = 0; i < 3; i += 1) await run(form('email=bad&password=x'), { context, limits });
    expect(rateLimiter.keys).toEqual([]);
  });
});

describe('handleForm idempotency', () => {
  it('answers a repeat with the first outcome without doing the work again', async () => {
    const { context } = kitContext();
    const submit = vi.fn(async (): Promise<FormOutcome> => ({
      ok: true,
      message: 'Welcome!',
      resetForm: true,
    }));
    const body = `email=a%40example.com&password=x&_key=${KEY}`;
    const first = await run(form(body), { context, submit });
    const second = await run(form(body), { context, submit });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.reply?.message).toBe('Welcome!');
    expect(submit).toHaveBeenCalledOnce();
    // The same key with other values is refused.
    const other = await run(form(`email=b%40example.com&password=x&_key=${KEY}`), { context, submit });
    expect(other.status).toBe(409);
    expect(other.reply?.result.error).toEqual({ '': [KIT_MESSAGES.conflict] });
  });

  it('lets a corrected submission run again after a rejection', async () => {
    const { context } = kitContext();
    const submit = vi
      .fn<() => Promise<FormOutcome>>()
      .mockResolvedValueOnce({ ok: false, formErrors: ['Try later'], fieldErrors: {}, status: 409 })
      .mockResolvedValueOnce({ ok: true, message: 'Welcome!', resetForm: true });
    const body = `email=a%40example.com&password=x&_key=${KEY}`;
    expect((await run(form(body), { context, submit })).status).toBe(409);
    expect((await run(form(body), { context, submit })).status).toBe(200);
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('works without a key (a shared page without JavaScript) and with an empty one', async () => {
    const submit = vi.fn(async (): Promise<FormOutcome> => ({
      ok: true,
      message: 'Welcome!',
      resetForm: true,
    }));
    expect((await run(form('email=a%40example.com&password=x&_key='), { submit })).status).toBe(200);
    expect((await run(form('email=a%40example.com&password=x'), { submit })).status).toBe(200);
    expect(submit).toHaveBeenCalledTimes(2);
  });
});

describe('readFlash', () => {
  const context = kitContext().context;
  it('reads a flash once and clears it; ignores a forged one', async () => {
    const posted = await run(form('email=a%40example.com&password=x&redirectTo=%2F'));
    const cookie = posted.headers.get('Set-Cookie')!.split(';')[0]!;
    const read = readFlash(new Request('http://shop.test/', { headers: { Cookie: cookie } }), context);
    expect(read.flash).toMatchObject({ formId: 'test-sign-up', message: 'Welcome!' });
    expect(read.headers.get('Set-Cookie')).toMatch(/^flash=; Max-Age=0; Path=\//);

    const forged = readFlash(
      new Request('http://shop.test/', { headers: { Cookie: cookie.replace(/.$/, 'x') } }),
      context,
    );
    expect(forged.flash).toBeNull();
    expect(forged.headers.get('Set-Cookie')).toMatch(/^flash=;/);
    const none = readFlash(new Request('http://shop.test/'), context);
    expect([none.flash, none.headers.get('Set-Cookie')]).toEqual([null, null]);
  });
});
