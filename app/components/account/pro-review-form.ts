/**
 * The staff review of pro program applications (issue 10 §9): one button per application and decision, the
 * pressed one naming both (`{id}:approved` or `{id}:rejected`), so the page is one form that works without
 * JavaScript. Browser-safe: the route's action and its page import it.
 */
import { z } from 'zod';
import { defineForm } from '../forms/form-kit';

export const PRO_REVIEW_PATH = '/staff/pro-applications';

export const PRO_REVIEW_MESSAGES = {
  choose: 'Please choose Approve or Decline for an application.',
  decided: 'This application was decided already.',
  notFound: 'This application does not exist.',
  approved: (name: string) => `${name} is a pro program member now.`,
  rejected: (name: string) => `${name}'s application is declined.`,
} as const;

export const proReviewForm = defineForm({
  id: 'pro-review',
  honeypot: false,
  schema: z.object({
    decide: z
      .string({ required_error: PRO_REVIEW_MESSAGES.choose })
      .regex(/^[1-9][0-9]{0,9}:(approved|rejected)$/, PRO_REVIEW_MESSAGES.choose)
      .transform((value) => {
        const [id, decision] = value.split(':') as [string, 'approved' | 'rejected'];
        return { applicationId: Number(id), decision };
      })
      .refine((value) => value.applicationId <= 2_147_483_647, PRO_REVIEW_MESSAGES.notFound),
  }),
});
