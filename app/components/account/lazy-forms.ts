/**
 * The account's kit forms as the browser first loads them (decision 110): id, flags and HTML constraint, with a
 * loader of the definition (and its zod schema) that runs when the shopper first touches the form. The constraints
 * are `getZodConstraint`'s for each definition, checked equal by `lazy-forms.test.ts`.
 */
import { lazyKitForm } from '../forms/use-lazy-kit-form';
import type { profileForm } from './account-forms';
import type { repairUserInfoForm } from './repair-user-info-form';

/** Where "About you" on the warranty page posts (routes/api.repair-user-info.tsx). */
export const REPAIR_USER_INFO_ACTION = '/api/repair-user-info';

const NAME = { required: true, maxLength: 50 };
const PHONE = { required: true, minLength: 1, pattern: '^(?=.*(?:^\\(\\d{3}\\)-\\d{3}-\\d{4}$)).*$' };
const ADDRESS_LINE = { required: true, minLength: 1, maxLength: 100 };

export const profileLazyForm = lazyKitForm<typeof profileForm>({
  id: 'account-profile',
  honeypot: false,
  idempotent: false,
  constraint: {
    first_name: NAME,
    last_name: NAME,
    phonenumber: PHONE,
    email_subscribed: { required: false },
    sms_subscribed: { required: false },
  },
  load: () => import('./account-forms').then((module) => module.profileForm),
});

export const repairUserInfoLazyForm = lazyKitForm<typeof repairUserInfoForm>({
  id: 'repair-user-info',
  honeypot: true,
  idempotent: false,
  constraint: {
    firstName: NAME,
    lastName: NAME,
    email: { required: true, maxLength: 254 },
    phonenumber: PHONE,
    address1: ADDRESS_LINE,
    address2: { required: false, maxLength: 100 },
    city: ADDRESS_LINE,
    countryCode: { required: false, pattern: 'US|CA' },
    stateOrProvince: ADDRESS_LINE,
    postalCode: ADDRESS_LINE,
  },
  load: () => import('./repair-user-info-form').then((module) => module.repairUserInfoForm),
});
