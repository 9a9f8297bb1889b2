/**
 * The account's gift cards (issue 26 §1, decision 099): the cards the customer bought (to whom, how much, the send
 * date, sent or scheduled, and what is left on each), and a balance check for any code (rate-limited per client
 * address; one message for every code that cannot be used).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { formatPrice } from '../../server/pricing/public';
import { GIFT_CARD_CODE_MESSAGES } from '../../server/cart/public';
import { button } from '../../styles/button.css';
import { container } from '../../styles/utilities.css';
import { AccountNav } from '../components/account/account-nav';
import { ACCOUNT_HEADERS, requireCustomer } from '../components/account/account.server';
import * as styles from '../components/account/account.css';
import { FormStatus, KitForm, SubmitButton, TextField } from '../components/forms/fields';
import { formRouteHeaders, handleForm, perClient } from '../components/forms/form.server';
import { useKitForm } from '../components/forms/use-kit-form';
import {
  balanceMessage,
  GIFT_CARD_ATTEMPTS,
  giftCardBalanceForm,
} from '../components/gift-cards/gift-card-forms';
import { pageMeta } from '../components/seo/meta';

export const headers = formRouteHeaders(ACCOUNT_HEADERS);

export const meta: MetaFunction = (args) => pageMeta(args, { title: 'My Gift Cards', noIndex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await requireCustomer(request, context);
  const cards = await context.timing.measure('db', () => context.services.giftCards.bought(profile.id));
  return data(
    {
      cards: cards.map((card) => ({
        id: card.id,
        recipientName: card.recipientName,
        recipientEmail: card.recipientEmail,
        amountCents: card.amountCents,
        balanceCents: card.balanceCents,
        sendOn: card.sendOn,
        sent: card.sentAt !== null,
        ending: card.ending,
      })),
    },
    { headers: ACCOUNT_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireCustomer(request, context);
  return handleForm({ request, context }, giftCardBalanceForm, {
    limits: [perClient(GIFT_CARD_ATTEMPTS)],
    async submit(value, { success, reject }) {
      const card = await context.services.giftCards.balance(value.code);
      if (!card) return reject({ formErrors: [GIFT_CARD_CODE_MESSAGES.invalid] }, 400);
      return success(balanceMessage(card.ending, card.balanceCents, card.amountCents));
    },
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A send day `YYYY-MM-DD` as the cart shows it ("Dec 24, 2026"). */
function dayText(day: string | null): string {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return 'not dated';
  return `${MONTHS[Number(match[2]) - 1] ?? ''} ${Number(match[3])}, ${match[1]}`;
}

export default function AccountGiftCards() {
  const { cards } = useLoaderData<typeof loader>();
  const check = useKitForm(giftCardBalanceForm, {
    action: '/account/gift-cards',
    redirectTo: '/account/gift-cards',
  });
  return (
    <div className={`${container} ${styles.page}`}>
      <h1 className={styles.heading}>My Gift Cards</h1>
      <AccountNav />
      <section aria-labelledby="bought-heading" className={styles.section}>
        <h2 id="bought-heading">Gift cards you bought</h2>
        {cards.length === 0 ? (
          <p>You have not bought any gift cards yet.</p>
        ) : (
          <table className={styles.table}>
            <caption className={styles.term}>Your gift cards, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  Recipient
                </th>
                <th scope="col" className={styles.cell}>
                  Amount
                </th>
                <th scope="col" className={styles.cell}>
                  Send date
                </th>
                <th scope="col" className={styles.cell}>
                  Status
                </th>
                <th scope="col" className={styles.cell}>
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {cards.map((card) => (
                <tr key={card.id}>
                  <td className={styles.cell}>
                    {card.recipientName} ({card.recipientEmail})
                  </td>
                  <td className={styles.cell}>{formatPrice(card.amountCents)}</td>
                  <td className={styles.cell}>{dayText(card.sendOn)}</td>
                  <td className={styles.cell}>{card.sent ? 'Sent' : 'Scheduled'}</td>
                  <td className={styles.cell}>{formatPrice(card.balanceCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="balance-heading" className={styles.section}>
        <h2 id="balance-heading">Check a gift card&apos;s balance</h2>
        <KitForm kit={check} className={styles.form}>
          <TextField field={check.fields.code} label="Gift card code" autoComplete="off" />
          <FormStatus kit={check} />
          <SubmitButton kit={check} pendingLabel="Checking…" className={button.secondary}>
            Check balance
          </SubmitButton>
        </KitForm>
      </section>
    </div>
  );
}
