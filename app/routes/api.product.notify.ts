/**
 * SPEC §7 `POST api/product/notify`: a back-in-stock request for one variant. Without JavaScript the form
 * posts here and is sent back (303) to `redirectTo` with `?notify=` naming the outcome (post/redirect/get);
 * with JavaScript a fetcher posts with `js=1` and gets `{ ok, message }` as JSON.
 */
import { json, redirect, type ActionFunctionArgs } from '@remix-run/node';
import {
  backInStockSchema,
  BACK_IN_STOCK_SUCCESS,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  HONEYPOT_FIELD,
  safeRedirectPath,
  UNKNOWN_VARIANT,
  type NotifyOutcome,
} from '../components/catalogue/back-in-stock-schema';

const noStore = { 'Cache-Control': 'private, no-store' };

export async function loader() {
  return json({ message: 'Method Not Allowed' }, { status: 405, headers: { ...noStore, Allow: 'POST' } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get('redirectTo'));
  const viaScript = form.get('js') === '1';

  const answer = (outcome: NotifyOutcome, message: string, status: number) => {
    if (!viaScript && redirectTo) {
      const url = new URL(redirectTo, 'http://same.origin');
      url.searchParams.set('notify', outcome);
      return redirect(`${url.pathname}${url.search}#back-in-stock`, { status: 303, headers: noStore });
    }
    return json({ ok: outcome === 'requested', message }, { status, headers: noStore });
  };

  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === 'string' && honeypot !== '')
    return json({ ok: false, message: 'Form not submitted properly' }, { status: 400, headers: noStore });

  const parsed = backInStockSchema.safeParse({
    email: form.get('email') ?? undefined,
    sku: form.get('sku') ?? undefined,
  });
  if (!parsed.success) {
    const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === 'email');
    if (!emailIssue) return json({ ok: false, message: UNKNOWN_VARIANT }, { status: 400, headers: noStore });
    return emailIssue.message === EMAIL_REQUIRED
      ? answer('required', EMAIL_REQUIRED, 400)
      : answer('invalid', EMAIL_INVALID, 400);
  }

  const outcome = await context.timing.measure('db', () =>
    context.services.inventory.requestBackInStock(parsed.data.email, parsed.data.sku),
  );
  if (outcome.kind === 'unknown-sku') return answer('unknown', UNKNOWN_VARIANT, 400);
  context.logger.info('back-in-stock requested', {
    sku: parsed.data.sku,
    alreadyRequested: outcome.alreadyRequested,
  });
  return answer('requested', BACK_IN_STOCK_SUCCESS, 200);
}
