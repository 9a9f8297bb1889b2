/**
 * The account area's form schemas (issue 10 §9), shared by the browser and the actions: SPEC §5's messages for
 * names and phone, the checkout's words for addresses (table-driven; expected texts written out).
 */
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, test } from 'vitest';
import { addressForm, proApplicationForm, profileForm } from './account-forms';

function parse(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return parseWithZod(formData, { schema });
}
const errorsOf = (schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) => {
  const submission = parse(schema, fields);
  return submission.status === 'success' ? {} : (submission.error ?? {});
};

const profile = { first_name: 'Avery', last_name: 'Tracker', phonenumber: '(406)-555-0123' };

describe('profile form', () => {
  test.each([
    ['first_name', '', ['First Name Required']],
    ['first_name', 'Av3ry', ['Please enter valid name']],
    ['last_name', '', ['Last Name Required']],
    ['phonenumber', '', ['Phone Number Required']],
    ['phonenumber', '555', ['Phone Number should match this format: (123)-456-7890']],
    ['phonenumber', '4065550123', undefined],
    ['first_name', "Mary-Ann O'Neil", undefined],
  ])('%s %j → %j', (field, value, expected) => {
    expect(errorsOf(profileForm.schema(), { ...profile, [field]: value })[field]).toEqual(expected);
  });

  test('reads ticked checkboxes as true and absent ones as false; formats the phone', () => {
    const submission = parse(profileForm.schema(), {
      ...profile,
      phonenumber: '4065550123',
      sms_subscribed: 'on',
    });
    expect(submission.status === 'success' && submission.value).toEqual({
      ...profile,
      email_subscribed: false,
      sms_subscribed: true,
    });
  });
});

const address = {
  firstName: 'Avery',
  lastName: 'Tracker',
  address1: '1 Trail Road',
  city: 'Bozeman',
  countryCode: 'US',
  stateOrProvince: 'MT',
  postalCode: '59715',
};

describe('address form', () => {
  test.each([
    ['address1', '', ['Address Required']],
    ['city', '', ['City Required']],
    ['stateOrProvince', '', ['State Required']],
    ['postalCode', '', ['Postal Code Required']],
    ['firstName', '', ['First Name Required']],
    ['stateOrProvince', 'ON', ['Choose a state or province of the country']],
    ['stateOrProvince', 'AE', undefined],
    ['postalCode', '5971', ['Enter a valid postal code']],
    ['postalCode', '59715-1234', undefined],
    ['phone', '12', ['Phone Number should match this format: (123)-456-7890']],
    ['phone', '', undefined],
    // A hidden field: a hostile value names none of the customer's addresses.
    ['addressId', 'abc', ['This address is not in your account.']],
    ['addressId', '-3', ['This address is not in your account.']],
    ['addressId', '99999999999', ['This address is not in your account.']],
    ['addressId', '12', undefined],
  ])('%s %j → %j', (field, value, expected) => {
    expect(errorsOf(addressForm.schema(), { ...address, [field]: value })[field]).toEqual(expected);
  });

  test('a Canadian address takes a province and a Canadian postal code', () => {
    const canadian = { ...address, countryCode: 'CA', stateOrProvince: 'AB', postalCode: 'T2P 1J9' };
    expect(parse(addressForm.schema(), canadian).status).toBe('success');
    expect(errorsOf(addressForm.schema(), { ...canadian, stateOrProvince: 'MT' }).stateOrProvince).toEqual([
      'Choose a state or province of the country',
    ]);
  });
});

describe('pro program application', () => {
  const application = { organization: 'Big Sky Outfitters', occupation: 'Hunting guide or outfitter' };
  test.each([
    ['organization', '', ['Organization Required']],
    ['occupation', '', ['Choose your occupation']],
    ['occupation', 'Astronaut', ['Choose your occupation']],
    ['details', 'x'.repeat(1001), ['Tell us in 1000 characters or fewer']],
    ['details', 'Guiding since 2009.', undefined],
  ])('%s %j → %j', (field, value, expected) => {
    expect(errorsOf(proApplicationForm.schema(), { ...application, [field]: value })[field]).toEqual(
      expected,
    );
  });
});
