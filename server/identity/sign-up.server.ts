/**
 * SPEC §4 sign-up: the customer is created (not enabled until verified), then signed in automatically: the
 * provider answers that the account is not activated yet, so the flow asks it for the activation mail and is
 * kept, and the sign-in panel shows "Account has not been activated." with the mail sent. Should the provider
 * let the account in, the customer is signed in for real.
 */
import type { CustomersService } from '../customers/index.server';
import type { Logger } from '../logger';
import type { Viewer } from '../viewer/index.server';
import type { IdentityClient } from './client.server';
import { errorName, type FlowCookie } from './flow-cookie.server';
import { hashPassword } from './password-hash';
import type { SignIn } from './sign-in.server';

/** The server's message when the e-mail of a sign-up has an account already (SPEC §8: shown as given). */
export const SIGN_UP_EXISTS = 'An account with this email address already exists.';

/** SPEC §3 create-customer payload (list of one). */
export type CreateCustomerPayload = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  email_subscribed: boolean;
  sms_subscribed: boolean;
  authentication: { force_password_reset: boolean; new_password: string };
}[];

export type SignUpResult =
  { ok: true; customerId: number; signedIn: boolean; cookies: string[] } | { ok: false; message: string };

export function createSignUp(
  deps: {
    customers: CustomersService;
    logger: Logger;
    /** E-mail domain → associate group (SPEC §6: subtypes Gore Associate and Sitka Associate by domain). */
    associateDomains?: Record<string, string>;
  },
  client: IdentityClient,
  flow: FlowCookie,
  signIn: Pick<SignIn, 'complete'>,
) {
  return async function signUp(input: {
    payload: CreateCustomerPayload;
    viewer: Viewer;
    from: string;
  }): Promise<SignUpResult> {
    const [customer] = input.payload;
    if (!customer) return { ok: false, message: SIGN_UP_EXISTS };
    const domain = customer.email.split('@')[1]?.toLowerCase() ?? '';
    const groupName = deps.associateDomains?.[domain] ?? null;
    const created = await deps.customers.create({
      email: customer.email,
      firstName: customer.first_name,
      lastName: customer.last_name,
      phone: customer.phone,
      emailSubscribed: customer.email_subscribed,
      smsSubscribed: customer.sms_subscribed,
      passwordHash: await hashPassword(customer.authentication.new_password),
      groupName,
      proUser: groupName !== null,
    });
    if (!created.ok) return { ok: false, message: SIGN_UP_EXISTS };
    try {
      const { flow: started } = await client.start();
      const { flow: next, outcome } = await client.submitCredentials(
        started,
        customer.email,
        customer.authentication.new_password,
      );
      if (outcome.kind === 'completed') {
        const result = await signIn.complete(outcome.code, started.verifier, input.viewer, input.from);
        return result.ok
          ? { ok: true, customerId: created.id, signedIn: true, cookies: result.cookies }
          : { ok: true, customerId: created.id, signedIn: false, cookies: [] };
      }
      if (outcome.kind === 'not-enabled') {
        const sent = await client.resendActivation(next);
        return {
          ok: true,
          customerId: created.id,
          signedIn: false,
          cookies: [
            flow.write({ ...next, email: customer.email, notActivated: true, verificationSent: sent }),
          ],
        };
      }
      deps.logger.warn('sign-in after sign-up did not complete', { outcome: outcome.kind });
    } catch (error) {
      deps.logger.warn('sign-in after sign-up failed', { error: errorName(error) });
    }
    return { ok: true, customerId: created.id, signedIn: false, cookies: [] };
  };
}
