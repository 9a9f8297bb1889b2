/**
 * "Send a gift card" on the cart page (issue 11 §6): recipient, sender, message, a whole-dollar amount and the day
 * it is e-mailed. Posts to /cart/gift-card (a kit form: post/redirect/get without JavaScript, a fetcher with it);
 * the cart then holds it as "{recipient} emailing on dd/mm/yyyy". The content model's limits are the service's.
 */
import { button } from '../../../styles/button.css';
import { FormStatus, KitForm, SubmitButton, TextField } from '../forms/fields';
import * as fieldStyles from '../forms/fields.css';
import { useKitForm } from '../forms/use-kit-form';
import { giftCardForm } from './cart-forms';

export function GiftCardForm() {
  const kit = useKitForm(giftCardForm, { action: '/cart/gift-card', redirectTo: '/cart' });
  const { fields } = kit;
  return (
    <section aria-labelledby="gift-card-heading">
      <h2 id="gift-card-heading">Send a gift card</h2>
      <KitForm kit={kit}>
        <TextField field={fields.recipientName} label="Recipient name" autoComplete="off" />
        <TextField field={fields.recipientEmail} label="Recipient email" type="email" autoComplete="off" />
        <TextField field={fields.senderName} label="Your name" autoComplete="name" />
        <TextField field={fields.senderEmail} label="Your email" type="email" autoComplete="email" />
        <TextField field={fields.message} label="Message (optional)" autoComplete="off" />
        <TextField field={fields.amount} label="Amount in whole dollars" autoComplete="off" />
        <TextField field={fields.sendOn} label="Send on (YYYY-MM-DD)" autoComplete="off" />
        <FormStatus kit={kit} className={fieldStyles.field} />
        <SubmitButton kit={kit} className={button.secondary} pendingLabel="Adding…">
          Add gift card
        </SubmitButton>
      </KitForm>
    </section>
  );
}
