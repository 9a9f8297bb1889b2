/**
 * The account area's forms (issue 10 §9) on the form kit (decision 031): the profile, an address (add or edit),
 * the default address, and the pro program application. SPEC §5's messages where it has them (names, phone), the
 * checkout's address words and rules (SPEC §3 static lists) for addresses.
 */
import { z } from 'zod';
import { checkPostalAddress, postalAddressShape } from '../../../server/checkout/public';
import { defineForm } from '../forms/form-kit';
import { name, phoneNumber, SIGN_UP_MESSAGES } from './sign-up-form';

export const ACCOUNT_MESSAGES = {
  profileSaved: 'Your profile is saved.',
  addressAdded: 'The address is added.',
  addressSaved: 'The address is saved.',
  defaultSaved: 'This is your default address now.',
  addressNotFound: 'This address is not in your account.',
  tooManyAddresses: 'You can keep up to 20 addresses. Edit one of them instead.',
  applied: 'Thank you! Your application is in; we will e-mail you once it is reviewed.',
  alreadyMember: 'You are a pro program member already.',
  alreadyPending: 'Your application is being reviewed already.',
} as const;

/** A checkbox: conform reads "on" as true; absent is false. */
const checkbox = z.boolean().default(false);

export const profileForm = defineForm({
  id: 'account-profile',
  honeypot: false,
  schema: z.object({
    first_name: name(SIGN_UP_MESSAGES.firstNameRequired),
    last_name: name(SIGN_UP_MESSAGES.lastNameRequired),
    phonenumber: phoneNumber(),
    email_subscribed: checkbox,
    sms_subscribed: checkbox,
  }),
});

const required = (message: string) =>
  z.string({ required_error: message }).trim().min(1, message).max(100, message);

/** A saved address's id (a hidden field): anything but a positive whole number names none of theirs. */
const addressId = () =>
  z.coerce
    .number({ invalid_type_error: ACCOUNT_MESSAGES.addressNotFound })
    .int(ACCOUNT_MESSAGES.addressNotFound)
    .positive(ACCOUNT_MESSAGES.addressNotFound)
    .max(2_147_483_647, ACCOUNT_MESSAGES.addressNotFound);

export const addressForm = defineForm({
  id: 'account-address',
  honeypot: false,
  schema: z
    .object({
      /** Absent for a new address. */
      addressId: addressId().optional(),
      firstName: name(SIGN_UP_MESSAGES.firstNameRequired),
      lastName: name(SIGN_UP_MESSAGES.lastNameRequired),
      ...postalAddressShape,
      phone: phoneNumber().optional(),
      makeDefault: checkbox,
    })
    .superRefine(checkPostalAddress),
});

export const defaultAddressForm = defineForm({
  id: 'account-address-default',
  honeypot: false,
  schema: z.object({ addressId: addressId() }),
});

export const PRO_OCCUPATIONS = [
  'Hunting guide or outfitter',
  'Wildlife or land professional',
  'Outdoor industry employee',
  'Military or law enforcement',
  'Other',
] as const;

export const proApplicationForm = defineForm({
  id: 'pro-program-apply',
  idempotent: true,
  schema: z.object({
    organization: required('Organization Required'),
    occupation: z.enum(PRO_OCCUPATIONS, { errorMap: () => ({ message: 'Choose your occupation' }) }),
    details: z.string().trim().max(1000, 'Tell us in 1000 characters or fewer').default(''),
  }),
});
