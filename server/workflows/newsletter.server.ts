/**
 * The newsletter's use cases (issue 26 §2), spanning the customers context (who is subscribed, the account's
 * `email_subscribed`) and the mail outbox: a sign-up gets a welcome mail at once, which, like every marketing mail,
 * carries a one-click unsubscribe link in its text and in the `List-Unsubscribe` / `List-Unsubscribe-Post` headers
 * (RFC 2369, RFC 8058); the link unsubscribes without signing in. The mail is stored after the subscription, as the
 * store's other mails are (decision 068): a welcome lost to a failure after the commit is not sent again.
 */
import {
  isUnsubscribeToken,
  unsubscribeHeaders,
  unsubscribeUrl,
  type CustomersService,
} from '../customers/index.server';
import type { MailService, OutgoingMail } from '../mail/index.server';

export type NewsletterFlows = {
  /** `origin`: the store's public origin, for the mail's links (`PUBLIC_URL`, or the request's when unset). */
  subscribe(
    input: Parameters<CustomersService['subscribe']>[0],
    origin: string,
  ): ReturnType<CustomersService['subscribe']>;
  /** Unsubscribes `email` when `token` is its link's; false (nothing changed) otherwise. */
  unsubscribe(email: string, token: string): Promise<boolean>;
  /** Whether the pair is a valid link, for the confirmation page (nothing changes). */
  isValidLink(email: string, token: string): boolean;
};

export function createNewsletterFlows(deps: {
  customers: Pick<CustomersService, 'subscribe' | 'unsubscribe'>;
  mail: Pick<MailService, 'enqueue'>;
  /** `config.keys.unsubscribe`: the first signs, every one verifies. */
  keys: readonly [string, ...string[]];
  /** The brand, as the content names it (`seo.json` siteName). */
  siteName: string;
}): NewsletterFlows {
  const isValidLink = (email: string, token: string) => isUnsubscribeToken(deps.keys, email, token);
  return {
    async subscribe(input, origin) {
      const outcome = await deps.customers.subscribe(input);
      if (outcome.ok && outcome.started) {
        await deps.mail.enqueue(welcomeMail(deps.siteName, input.email.trim(), origin, deps.keys));
      }
      return outcome;
    },
    async unsubscribe(email, token) {
      if (!isValidLink(email, token)) return false;
      await deps.customers.unsubscribe(email);
      return true;
    },
    isValidLink,
  };
}

export function welcomeMail(
  siteName: string,
  email: string,
  publicUrl: string,
  keys: readonly [string, ...string[]],
): OutgoingMail {
  const unsubscribe = unsubscribeUrl(publicUrl, keys, email);
  return {
    to: email,
    template: 'newsletter-welcome',
    subject: `Welcome to the ${siteName} newsletter`,
    text: [
      `Thank you for subscribing to the ${siteName} newsletter.`,
      '',
      'You will hear from us about new gear, field-tested advice and offers for the season ahead.',
      '',
      `Shop the latest: ${new URL('/', publicUrl).toString()}`,
      '',
      `You can unsubscribe at any time, in one click: ${unsubscribe}`,
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribeUrl(publicUrl, keys, email, { oneClick: true })),
  };
}
