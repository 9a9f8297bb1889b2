/**
 * SPEC §7 newsletter subscription (`email`, `acceptsMarketingNewsletter`, `acceptsAbandonedCartEmails`) from the
 * footer form: "Thank you for subscribing!"; a new subscriber gets the welcome mail with its unsubscribe link
 * (issue 26 §2); subscribing twice is not an error; a failure of the store answers the
 * form with the customers context's message as is (SPEC §8), a 503 (the flash of a post without JavaScript).
 * Idempotent, honeypot, limited per client and per address.
 */
import type { ActionFunctionArgs } from '@remix-run/node';
import { FormReplyPage } from '../components/forms/form-reply-page';
import {
  actionOnlyLoader,
  formRouteHeaders,
  handleForm,
  perClient,
  perField,
} from '../components/forms/form.server';
import { NEWSLETTER_MESSAGES, newsletterForm } from '../components/newsletter/newsletter-form';

export const headers = formRouteHeaders({ 'Cache-Control': 'private, no-store' });

export const loader = actionOnlyLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleForm({ request, context }, newsletterForm, {
    limits: [
      perClient({ limit: 20, windowMs: 600_000 }),
      perField('email', { limit: 5, windowMs: 3_600_000 }),
    ],
    async submit({ email }, { success, reject }) {
      const outcome = await context.timing.measure('db', () =>
        context.services.newsletter.subscribe(
          { email, acceptsMarketingNewsletter: true, acceptsAbandonedCartEmails: false },
          new URL(request.url).origin,
        ),
      );
      return outcome.ok
        ? success(NEWSLETTER_MESSAGES.subscribed)
        : reject({ formErrors: [outcome.message] }, 503);
    },
  });
}

export default function NewsletterReply() {
  return <FormReplyPage title="Newsletter" />;
}
