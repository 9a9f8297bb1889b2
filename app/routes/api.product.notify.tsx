/**
 * SPEC §7 `POST api/product/notify`: a back-in-stock request for one variant, on the form kit
 * (docs/decisions/031-form-kit.md). A fetcher gets `{ result, message }`; a browser without JavaScript is sent
 * back (303) to the product page with the outcome in the flash cookie. The request counts only once the address
 * confirms it from the mail it gets (`/back-in-stock/confirm`). Limits: per client address and per e-mail.
 *
 * A route with a page of its own only so that what a browser without JavaScript cannot fix in the form (a 429, a
 * 413) is answered by the store's error page; a GET is a 405.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import {
  backInStockForm,
  BACK_IN_STOCK_REQUESTED,
  UNKNOWN_VARIANT,
} from '../components/catalogue/back-in-stock-schema';
import { FormReplyPage } from '../components/forms/form-reply-page';
import {
  actionOnlyLoader,
  formRouteHeaders,
  handleForm,
  perClient,
  perField,
} from '../components/forms/form.server';

const MINUTE = 60_000;

/** Per client address: generous for people behind one NAT, short of a bulk sign-up. */
export const BACK_IN_STOCK_CLIENT_LIMIT = { limit: 20, windowMs: 10 * MINUTE } as const;
/** Per e-mail address: no address gets more than three confirmation mails an hour, whoever asks. */
export const BACK_IN_STOCK_EMAIL_LIMIT = { limit: 3, windowMs: 60 * MINUTE } as const;

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const { inventory, config } = context.services;
  return handleForm({ request, context }, backInStockForm, {
    checks: { variantExists: (sku) => context.timing.measure('db', () => inventory.variantExists(sku)) },
    limits: [perClient(BACK_IN_STOCK_CLIENT_LIMIT), perField('email', BACK_IN_STOCK_EMAIL_LIMIT)],
    async submit({ email, sku }, { success, reject }) {
      const outcome = await context.timing.measure('db', () =>
        // The confirmation link's origin: PUBLIC_URL, or this request's own when it is unset (development).
        inventory.requestBackInStock(email, sku, { origin: config.publicUrl ?? new URL(request.url).origin }),
      );
      if (outcome.kind === 'unknown-sku') return reject({ formErrors: [UNKNOWN_VARIANT] });
      context.logger.info('back-in-stock requested', { sku, mailed: outcome.mailed });
      return success(BACK_IN_STOCK_REQUESTED);
    },
  });
}

export default function BackInStockReply() {
  return <FormReplyPage title="Back-in-stock alert" />;
}
