/**
 * The staff sign-in (decision 088): e-mail and password of a staff account made by `npm run staff -- add`, a plain
 * form that works without JavaScript. Success starts a database-backed session (the `staff_session` cookie,
 * `__Host-` behind HTTPS) and goes on to the page asked for (a staff path) or the first desk the roles open. The same
 * page signs out (`intent=sign-out`): the session ends on every app server. Cross-site posts are refused by the HTTP
 * layer's Origin check, and the cookie is SameSite=Strict. Attempts are counted before the password is checked.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import * as fieldStyles from '~/components/forms/fields.css';
import * as styles from '~/components/repair/repair.css';
import { pageMeta } from '~/components/seo/meta';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { readFormBody, safeRedirect } from '../../server/forms/index.server';
import { CACHE_PRIVATE } from '../../server/web/cache.server';
import { STAFF_MESSAGES, STAFF_SIGN_IN_PATH, type StaffRole } from '../../server/staff/public';

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': CACHE_PRIVATE, 'X-Robots-Tag': 'noindex' });
  const retryAfter = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'Staff sign-in', noIndex: true });

/** The first desk a staff user's roles open, in the order of the staff menu. */
const DESKS: { role: StaffRole; path: string; name: string }[] = [
  { role: 'repairs', path: '/staff/repairs', name: 'Repair desk' },
  { role: 'pro-review', path: '/staff/pro-applications', name: 'Pro program applications' },
];

/** Where to go after signing in: the asked-for staff page, else the first desk of the roles, else this page. */
function landing(redirectTo: unknown, roles: StaffRole[]): string {
  const asked = safeRedirect(redirectTo, '');
  if (asked.startsWith('/staff/') && !asked.startsWith(STAFF_SIGN_IN_PATH)) return asked;
  return DESKS.find((desk) => roles.includes(desk.role))?.path ?? STAFF_SIGN_IN_PATH;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await context.services.staff.door.sessionUser(request);
  const redirectTo = new URL(request.url).searchParams.get('redirectTo') ?? '';
  return {
    redirectTo: safeRedirect(redirectTo, ''),
    signedIn: user
      ? { email: user.email, desks: DESKS.filter((desk) => user.roles.includes(desk.role)) }
      : null,
  };
}

const signInSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('sign-in'),
    email: z
      .string({ required_error: STAFF_MESSAGES.emailRequired })
      .trim()
      .min(1, STAFF_MESSAGES.emailRequired)
      .max(254, STAFF_MESSAGES.invalid),
    password: z
      .string({ required_error: STAFF_MESSAGES.passwordRequired })
      .min(1, STAFF_MESSAGES.passwordRequired)
      .max(512, STAFF_MESSAGES.invalid),
    redirectTo: z.string().max(2048).optional(),
  }),
  z.object({ intent: z.literal('sign-out') }),
]);

type ActionReply = { message: string; email: string };

function reply(status: number, message: string, email = '', headers: HeadersInit = {}) {
  return data<ActionReply>({ message, email }, { status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readFormBody(request, { maxBytes: 8 * 1024 });
  if (body.kind === 'unsupported-type') return reply(415, 'Please send the form as a web form.');
  if (body.kind === 'too-large') return reply(413, 'The form is too large.');
  if (body.kind !== 'ok' || body.badFields.length > 0) return reply(400, STAFF_MESSAGES.invalid);
  const parsed = signInSchema.safeParse(Object.fromEntries(body.formData));
  if (!parsed.success) {
    const email = body.formData.get('email');
    return reply(400, parsed.error.issues[0]?.message ?? STAFF_MESSAGES.invalid, String(email ?? ''));
  }
  const { staff } = context.services;
  if (parsed.data.intent === 'sign-out') {
    const headers = new Headers({ Location: STAFF_SIGN_IN_PATH });
    for (const cookie of await staff.door.endSession(request)) headers.append('Set-Cookie', cookie);
    return new Response(null, { status: 303, headers });
  }
  const { email, password, redirectTo } = parsed.data;
  const outcome = await staff.authenticate({ email, password, clientIp: context.clientIp });
  if (outcome.kind === 'locked') {
    context.logger.info('staff sign-in locked');
    return reply(429, outcome.message, email, { 'Retry-After': String(outcome.secondsLeft) });
  }
  // 400 as the customers' sign-in form answers: the page is shown again with the message.
  if (outcome.kind === 'invalid') return reply(400, outcome.message, email);
  context.logger.info('staff signed in', { staffUserId: outcome.user.id });
  throw redirect(landing(redirectTo, outcome.user.roles), {
    status: 303,
    headers: { 'Set-Cookie': await staff.door.startSession(outcome.user) },
  });
}

export default function StaffSignIn() {
  const { redirectTo, signedIn } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Staff sign-in</h1>
      {signedIn ? (
        <section className={styles.section} aria-label="Signed in">
          <p>{`Signed in as ${signedIn.email}.`}</p>
          {signedIn.desks.length > 0 ? (
            <ul>
              {signedIn.desks.map((desk) => (
                <li key={desk.path}>
                  <a href={desk.path}>{desk.name}</a>
                </li>
              ))}
            </ul>
          ) : null}
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className={button.secondary}>
              Sign out
            </button>
          </Form>
        </section>
      ) : null}
      <Form method="post" reloadDocument className={styles.section} aria-label="Staff sign-in">
        {reply?.message ? (
          <p role="alert" id="staff-sign-in-error" className={fieldStyles.formError}>
            {reply.message}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor="staff-email">
            E-mail
          </label>
          <input
            id="staff-email"
            className={fieldStyles.input}
            type="email"
            name="email"
            autoComplete="username"
            required
            maxLength={254}
            defaultValue={reply?.email ?? ''}
            aria-describedby={reply?.message ? 'staff-sign-in-error' : undefined}
          />
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor="staff-password">
            Password
          </label>
          <input
            id="staff-password"
            className={fieldStyles.input}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            maxLength={512}
          />
        </div>
        <button type="submit" className={button.primary}>
          Sign in
        </button>
      </Form>
    </div>
  );
}
