/**
 * "About you" on the warranty page for a shopper without an account (SPEC §3 "Repair userInfo prefill", issue 10
 * §4, issue 13 §1; decision 047): contact details and the return address. Sent, they are kept for an hour and
 * "Create Your Account" opens filled in with them. Browser-safe: the action and the form import it.
 */
import { z } from 'zod';
import { checkPostalAddress, postalAddressShape } from '../../../server/checkout/public';
import { defineForm } from '../forms/form-kit';
import { name, phoneNumber, SIGN_UP_MESSAGES } from './sign-up-form';

/** Where the shopper goes once it is kept: the repair entry with "Create Your Account" open. */
export const REPAIR_SIGN_UP = '/warranties/repair?create-an-account=true';

export const repairUserInfoForm = defineForm({
  id: 'repair-user-info',
  schema: z
    .object({
      firstName: name(SIGN_UP_MESSAGES.firstNameRequired),
      lastName: name(SIGN_UP_MESSAGES.lastNameRequired),
      email: z
        .string({ required_error: SIGN_UP_MESSAGES.emailRequired })
        .trim()
        .min(1, SIGN_UP_MESSAGES.emailRequired)
        .pipe(z.string().max(254, SIGN_UP_MESSAGES.emailInvalid).email(SIGN_UP_MESSAGES.emailInvalid)),
      phonenumber: phoneNumber(),
      ...postalAddressShape,
    })
    .superRefine(checkPostalAddress),
});

export type RepairUserInfoValue = z.output<ReturnType<typeof repairUserInfoForm.schema>>;

/** The form's values in SPEC §3's shape. */
export function repairUserInfoOf(value: RepairUserInfoValue) {
  return {
    first_name: value.firstName,
    last_name: value.lastName,
    phone: value.phonenumber,
    email: value.email,
    address1: value.address1,
    address2: value.address2,
    city: value.city,
    country: value.countryCode,
    postal_code: value.postalCode,
    state_or_province: value.stateOrProvince,
  };
}

export type RepairUserInfoShape = ReturnType<typeof repairUserInfoOf>;
