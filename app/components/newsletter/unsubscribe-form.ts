/**
 * The unsubscribe page's form (issue 26 §2): the address and the token of the mail's link, as hidden fields, on the
 * form kit (decision 031). The link's token is the proof: no sign-in, no honeypot (a bot holding a valid link could
 * unsubscribe by RFC 8058's one-click POST anyway, which is the point of it).
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. Please use the link in our most recent email, or write to us.';

export function unsubscribedMessage(email: string): string {
  return `You are unsubscribed: ${email} will get no more marketing emails from us.`;
}

export const unsubscribeForm = defineForm({
  id: 'unsubscribe',
  maxBytes: 1024,
  honeypot: false,
  // A double click answers "unsubscribed" twice, which is true.
  idempotent: true,
  schema: z.object({
    email: z
      .string({ required_error: UNSUBSCRIBE_LINK_INVALID, invalid_type_error: UNSUBSCRIBE_LINK_INVALID })
      .trim()
      .min(3, UNSUBSCRIBE_LINK_INVALID)
      .max(254, UNSUBSCRIBE_LINK_INVALID)
      .email(UNSUBSCRIBE_LINK_INVALID),
    token: z
      .string({ required_error: UNSUBSCRIBE_LINK_INVALID, invalid_type_error: UNSUBSCRIBE_LINK_INVALID })
      .regex(/^[A-Za-z0-9_-]{32}$/, UNSUBSCRIBE_LINK_INVALID),
  }),
});
