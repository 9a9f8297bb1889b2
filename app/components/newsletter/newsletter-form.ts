/** The footer newsletter form (SPEC §4, §5, §8) on the form kit: the schema the action checks. */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_FORM, NEWSLETTER_MESSAGES } from './newsletter-action';

export { NEWSLETTER_ACTION, NEWSLETTER_MESSAGES } from './newsletter-action';

export const newsletterForm = defineForm({
  ...NEWSLETTER_FORM,
  schema: z.object({
    email: z
      .string({ required_error: NEWSLETTER_MESSAGES.required })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.required)
      .pipe(
        z.string().max(NEWSLETTER_EMAIL_MAX, NEWSLETTER_MESSAGES.invalid).email(NEWSLETTER_MESSAGES.invalid),
      ),
  }),
});
