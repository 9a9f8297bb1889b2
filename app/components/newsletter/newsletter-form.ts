/** The footer newsletter form (SPEC §4, §5, §8) on the form kit: one schema for the browser and the action. */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const NEWSLETTER_ACTION = '/api/newsletter';

export const NEWSLETTER_MESSAGES = {
  required: 'Email Address Required',
  invalid: 'Invalid email address',
  subscribed: 'Thank you for subscribing!',
} as const;

export const newsletterForm = defineForm({
  id: 'newsletter',
  idempotent: true,
  schema: z.object({
    email: z
      .string({ required_error: NEWSLETTER_MESSAGES.required })
      .trim()
      .min(1, NEWSLETTER_MESSAGES.required)
      .pipe(z.string().max(254, NEWSLETTER_MESSAGES.invalid).email(NEWSLETTER_MESSAGES.invalid)),
  }),
});
