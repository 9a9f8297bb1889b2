/**
 * The one schema of a postal address (US or Canada) that the store's forms share: checkout and the promotional
 * order, the address book, and the repair prefill. Field names are the forms'; messages are SPEC §5's words and the
 * region rules of `regions.ts`. Browser-safe (zod only).
 */
import { z } from 'zod';
import { DEFAULT_COUNTRY, isPostalCodeOf, isRegionOf } from './regions';

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(100);

/** Street, city, country, state or province and postal code; spread into a form's `z.object`. */
export const postalAddressShape = {
  address1: required('Address Required'),
  address2: z.string().trim().max(100).default(''),
  city: required('City Required'),
  countryCode: z.enum(['US', 'CA']).default(DEFAULT_COUNTRY),
  stateOrProvince: required('State Required'),
  postalCode: required('Postal Code Required'),
};

/** The checks across fields: the state belongs to the country, the postal code has the country's shape. */
export function checkPostalAddress(
  value: { countryCode: 'US' | 'CA'; stateOrProvince: string; postalCode: string },
  context: z.RefinementCtx,
): void {
  if (!isRegionOf(value.countryCode, value.stateOrProvince))
    context.addIssue({
      code: 'custom',
      path: ['stateOrProvince'],
      message: 'Choose a state or province of the country',
    });
  if (!isPostalCodeOf(value.countryCode, value.postalCode))
    context.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a valid postal code' });
}
