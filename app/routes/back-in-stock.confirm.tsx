/**
 * The link of the back-in-stock confirmation mail: `/back-in-stock/confirm?token=…` shows what the alert is for
 * and a button that confirms it (a GET never changes anything: mail scanners open links). The token works once,
 * for 48 hours; only a confirmed request counts. On the form kit, like the request itself.
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import {
  backInStockConfirmForm,
  confirmedMessage,
  CONFIRM_PATH,
  LINK_INVALID,
} from '~/components/catalogue/back-in-stock-schema';
import * as styles from '~/components/consent/cookie-settings.css';
import { FormStatus, KitForm, SubmitButton } from '~/components/forms/fields';
import { formRouteHeaders, handleForm, newIdempotencyKey, perClient } from '~/components/forms/form.server';
import { useKitForm } from '~/components/forms/use-kit-form';
import { pageMeta } from '~/components/seo/meta';
import { container } from '../../styles/utilities.css';
import { CACHE_PRIVATE } from '../../server/web/cache.server';

// Personal (the token is a secret). `same-origin`, not `no-referrer`: under `no-referrer` a browser posts this page's form with `Origin: null`, which the
// Origin check refuses (the token still never reaches another site in a Referer).
export const headers = formRouteHeaders({ 'Cache-Control': CACHE_PRIVATE, 'Referrer-Policy': 'same-origin' });

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: 'Confirm your back-in-stock alert', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const parsed = token === null ? null : backInStockConfirmForm.schema().safeParse({ token });
  const link =
    parsed?.success === true
      ? await context.timing.measure('db', () =>
          context.services.inventory.findBackInStockLink(parsed.data.token),
        )
      : null;
  return {
    state: token === null ? ('no-token' as const) : link ? ('valid' as const) : ('invalid' as const),
    token: link ? token : null,
    productName: link?.productName ?? null,
    sku: link?.sku ?? null,
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, backInStockConfirmForm, {
    limits: [perClient({ limit: 30, windowMs: 10 * 60_000 })],
    async submit({ token }, { success, reject }) {
      const outcome = await context.timing.measure('db', () =>
        context.services.inventory.confirmBackInStock(token),
      );
      if (outcome.kind === 'invalid') return reject({ formErrors: [LINK_INVALID] }, 404);
      context.logger.info('back-in-stock confirmed', { sku: outcome.sku });
      return success(confirmedMessage(outcome.productName));
    },
  });
}

export default function ConfirmBackInStock() {
  const { state, token, productName, sku, idempotencyKey } = useLoaderData<typeof loader>();
  const kit = useKitForm(backInStockConfirmForm, {
    action: CONFIRM_PATH,
    // Without JavaScript the answer comes back to this page without the (used) token in its address.
    redirectTo: CONFIRM_PATH,
    idempotencyKey,
  });
  const done = kit.message !== undefined;
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>Confirm your back-in-stock alert</h1>
      {state === 'valid' && !done ? (
        <>
          <p className={styles.intro}>
            {`You asked us to email you when ${productName} (${sku}) is back in stock. Confirm to start the alert; we will write once, when it is back.`}
          </p>
          <KitForm kit={kit}>
            <input type="hidden" name="token" value={token ?? ''} />
            <SubmitButton kit={kit} pendingLabel="Confirming…">
              Confirm my alert
            </SubmitButton>
          </KitForm>
        </>
      ) : null}
      {state === 'invalid' && !done && kit.formErrors.length === 0 ? (
        <p className={styles.intro}>{LINK_INVALID}</p>
      ) : null}
      {state === 'no-token' && !done && kit.formErrors.length === 0 ? (
        <p className={styles.intro}>
          This page confirms back-in-stock alerts: open it from the link in the email we sent you.
        </p>
      ) : null}
      <FormStatus kit={kit} fields={['token']} className={styles.status} />
      <p className={styles.back}>
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}
