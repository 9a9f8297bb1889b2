/**
 * The embedded checkout's repair payment (issue 13 §6): the place-order form's fields and rules (billing address,
 * manual payment) under their own form id, and the billing address a repair's contact details pre-fill (SPEC §3
 * repair userInfo: a state typed as a name or a code becomes the list's code).
 */
import { COUNTRIES, DEFAULT_COUNTRY, REGIONS, type CountryCode } from '../../../server/checkout/public';
import type { RepairUserInfo } from '../../../server/repairs/public';
import { defineForm } from '../forms/form-kit';
import { placeOrderForm } from './checkout-forms';

export const repairPaymentForm = defineForm({
  id: 'repair-payment',
  idempotent: true,
  honeypot: false,
  schema: placeOrderForm.schema(),
});

export type BillingDefaults = {
  email: string;
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  countryCode: CountryCode;
  stateOrProvince: string;
  postalCode: string;
  payment: 'manual';
};

const isCountry = (value: string): value is CountryCode =>
  COUNTRIES.some((country) => country.code === value);

/** The place-order form's values from a repair's contact details and return address. */
export function billingDefaults(customer: Partial<RepairUserInfo>): BillingDefaults {
  const country = (customer.country ?? '').trim().toUpperCase();
  const countryCode = isCountry(country) ? country : DEFAULT_COUNTRY;
  const state = (customer.state_or_province ?? '').trim().toLowerCase();
  const region = REGIONS[countryCode].find(
    (candidate) => candidate.code.toLowerCase() === state || candidate.name.toLowerCase() === state,
  );
  return {
    email: customer.email ?? '',
    firstName: customer.first_name ?? '',
    lastName: customer.last_name ?? '',
    address1: customer.address1 ?? '',
    address2: customer.address2 ?? '',
    city: customer.city ?? '',
    countryCode,
    stateOrProvince: region?.code ?? '',
    postalCode: customer.postal_code ?? '',
    payment: 'manual',
  };
}
