import { sendRaw, type RawReply, type RawRequest } from './raw-http';

/**
 * Issue 27's staff and gift-card cases, in order (some depend on the one before: a session signed in, then ended;
 * guesses that lock an account, then its right password): run by `npm run security` against a running store and by
 * `test/integration/staff-probe.test.ts` against the production build. Each step says what the store must answer;
 * none may be a 5xx. Guessing locks the staff account for 60 s and counts 6 failures against the prober's address.
 */
export type StaffCredentials = { email: string; password: string };

export type ProbeStep = { name: string; status: number; ms: number; complaints: string[] };

export type StaffProbeOptions = {
  /** A staff account with every role (the demo staff user by default); locked for 60 s by the last steps. */
  staff: StaffCredentials;
  /** A staff account with the repair desk role and not pro review, for the role step; skipped when absent. */
  desk?: StaffCredentials;
};

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const HTML = { Accept: 'text/html' };
const basic = (who: StaffCredentials) => ({
  Authorization: `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`,
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The `staff_session` cookie (either spelling) a reply sets, as `name=value`; null when it sets none. */
function sessionCookie(reply: RawReply): string | null {
  const match = /((?:__Host-)?staff_session)=([^;,\s]+)/.exec(reply.headers['set-cookie'] ?? '');
  return match ? `${match[1]}=${match[2]}` : null;
}

/** A day `days` from today (UTC) as YYYY-MM-DD. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function runStaffProbe(origin: string, options: StaffProbeOptions): Promise<ProbeStep[]> {
  const steps: ProbeStep[] = [];
  const step = async (
    name: string,
    request: RawRequest,
    expected: number,
    check?: (reply: RawReply) => string | undefined,
  ): Promise<RawReply> => {
    const reply = await sendRaw(origin, request);
    const complaints: string[] = [];
    if (reply.status !== expected) complaints.push(`expected ${expected}, got ${reply.status}`);
    if (reply.status >= 500) complaints.push('a 5xx');
    if (/\bat [\w.<>]+ \(|node_modules\//.test(reply.body)) complaints.push('a stack trace in the body');
    const extra = check?.(reply);
    if (extra) complaints.push(extra);
    steps.push({ name, status: reply.status, ms: reply.ms, complaints });
    return reply;
  };
  const says = (text: string) => (reply: RawReply) =>
    reply.body.includes(text) ? undefined : `the answer does not say ${JSON.stringify(text)}`;
  const noStore = (reply: RawReply) =>
    /no-store/.test(reply.headers['cache-control'] ?? '') ? undefined : 'no Cache-Control: no-store';

  // The doors, signed out.
  await step(
    'a staff page asked for by a browser, signed out',
    { method: 'GET', target: '/staff/repairs', headers: HTML },
    303,
    (r) =>
      r.headers.location?.startsWith('/staff/sign-in?redirectTo=%2Fstaff%2Frepairs')
        ? noStore(r)
        : `Location ${r.headers.location ?? 'missing'}`,
  );
  await step(
    'a staff page asked for by a script, signed out',
    { method: 'GET', target: '/staff/pro-applications' },
    401,
    (r) =>
      /^Basic /.test(r.headers['www-authenticate'] ?? '')
        ? says('Please sign in with your staff account.')(r)
        : 'no Basic challenge',
  );
  await step(
    'the staff sign-in page',
    { method: 'GET', target: '/staff/sign-in', headers: HTML },
    200,
    (r) => (r.body.includes('name="password"') ? noStore(r) : 'no password field'),
  );
  await step(
    'a cross-site post to the staff sign-in',
    {
      method: 'POST',
      target: '/staff/sign-in',
      headers: { ...FORM, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      body: form({ intent: 'sign-in', ...options.staff }),
    },
    403,
    (r) => (sessionCookie(r) ? 'a session cookie was set' : undefined),
  );
  await step(
    'NUL in the staff sign-in e-mail',
    {
      method: 'POST',
      target: '/staff/sign-in',
      headers: FORM,
      body: `intent=sign-in&email=a%00b%40example.com&password=x`,
    },
    400,
    says('The e-mail or password is not right.'),
  );
  await step(
    'JSON body to the staff sign-in',
    { method: 'POST', target: '/staff/sign-in', headers: { 'Content-Type': 'application/json' }, body: '{}' },
    415,
  );
  await step(
    'an unknown intent at the staff sign-in',
    { method: 'POST', target: '/staff/sign-in', headers: FORM, body: form({ intent: 'grant-admin' }) },
    400,
  );
  await step(
    'a malformed Basic header',
    { method: 'GET', target: '/staff/repairs', headers: { Authorization: 'Basic !!!not-base64' } },
    401,
    says('Please sign in with your staff account.'),
  );

  // A session: signed in by the page, seen by the desk, ended by sign-out.
  const signedIn = await step(
    'staff sign-in with the right password',
    {
      method: 'POST',
      target: '/staff/sign-in',
      headers: FORM,
      body: form({ intent: 'sign-in', ...options.staff }),
    },
    303,
    (r) =>
      sessionCookie(r) &&
      /HttpOnly/i.test(r.headers['set-cookie'] ?? '') &&
      /SameSite=Strict/i.test(r.headers['set-cookie'] ?? '')
        ? undefined
        : 'no HttpOnly, SameSite=Strict session cookie',
  );
  const cookie = sessionCookie(signedIn) ?? 'staff_session=none';
  await step(
    'the repair desk with the session',
    { method: 'GET', target: '/staff/repairs', headers: { ...HTML, Cookie: cookie } },
    200,
    says('Repair desk'),
  );
  await step(
    'staff sign-out',
    {
      method: 'POST',
      target: '/staff/sign-in',
      headers: { ...FORM, Cookie: cookie },
      body: form({ intent: 'sign-out' }),
    },
    303,
  );
  await step(
    'the ended session at the desk',
    { method: 'GET', target: '/staff/repairs', headers: { Cookie: cookie } },
    401,
  );

  // Roles.
  if (options.desk) {
    await step(
      'a repair-desk user at pro review',
      { method: 'GET', target: '/staff/pro-applications', headers: basic(options.desk) },
      403,
      says('Your staff account does not have the pro review role.'),
    );
  }

  // Gift-card send dates outside the window or not on the calendar (issue 27 §7).
  const giftCard = (sendOn: string): RawRequest => ({
    method: 'POST',
    target: '/cart/gift-card',
    headers: FORM,
    body: form({
      recipientName: 'Sam',
      recipientEmail: 'sam@example.com',
      senderName: 'Ana',
      senderEmail: 'ana@example.com',
      amount: '50',
      sendOn,
    }),
  });
  await step(
    'gift card sent on 1900-01-01',
    giftCard('1900-01-01'),
    400,
    says('The send date cannot be before today.'),
  );
  await step(
    'gift card sent on 2020-02-30',
    giftCard('2020-02-30'),
    400,
    says('Enter a date that is on the calendar.'),
  );
  await step(
    'gift card sent on 9999-12-31',
    giftCard('9999-12-31'),
    400,
    says('The send date can be at most a year ahead.'),
  );
  await step(
    `gift card sent in 400 days`,
    giftCard(dayFromNow(400)),
    400,
    says('The send date can be at most a year ahead.'),
  );

  // Guessing: the fifth wrong password locks the account; its right password is refused then, at both doors.
  const wrong = { ...options.staff, password: `${options.staff.password}-wrong` };
  for (let attempt = 1; attempt <= 4; attempt += 1)
    await step(
      `wrong staff password ${attempt} (Basic)`,
      { method: 'GET', target: '/staff/repairs', headers: basic(wrong) },
      401,
    );
  await step(
    'wrong staff password 5 (Basic): locked',
    { method: 'GET', target: '/staff/repairs', headers: basic(wrong) },
    429,
    says('Too many login attempts. Please try again in 60 seconds.'),
  );
  await step(
    'the right staff password while locked (Basic)',
    { method: 'GET', target: '/staff/repairs', headers: basic(options.staff) },
    429,
    (r) =>
      r.headers['retry-after'] ? says('Too many login attempts. Please try again in')(r) : 'no Retry-After',
  );
  await step(
    'the right staff password while locked (sign-in page)',
    {
      method: 'POST',
      target: '/staff/sign-in',
      headers: FORM,
      body: form({ intent: 'sign-in', ...options.staff }),
    },
    429,
    (r) =>
      sessionCookie(r) ? 'a session cookie was set' : says('Too many login attempts. Please try again in')(r),
  );
  return steps;
}
