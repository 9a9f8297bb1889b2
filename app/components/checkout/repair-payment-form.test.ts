import { describe, expect, test } from 'vitest';
import { billingDefaults } from './repair-payment-form';

describe('the billing address a repair pre-fills', () => {
  const casey = {
    first_name: 'Casey',
    last_name: 'Consumer',
    email: 'consumer@example.com',
    phone: '(406)-555-0101',
    address1: '1200 Ridge Road',
    address2: 'Unit 4',
    city: 'Bozeman',
    postal_code: '59715',
  };

  test.each<[string, { country?: string; state_or_province?: string }, [string, string]]>([
    ['a US state by name', { country: 'US', state_or_province: 'Montana' }, ['US', 'MT']],
    ['a US state by code, any case', { country: 'us', state_or_province: 'mt' }, ['US', 'MT']],
    ['an armed-forces code', { country: 'US', state_or_province: 'AE' }, ['US', 'AE']],
    ['a province by name', { country: 'CA', state_or_province: 'british columbia' }, ['CA', 'BC']],
    ['a state that is not on the list', { country: 'US', state_or_province: 'Bavaria' }, ['US', '']],
    [
      'a country the checkout does not ship to',
      { country: 'DE', state_or_province: 'Montana' },
      ['US', 'MT'],
    ],
    ['no country or state', {}, ['US', '']],
  ])('%s', (_name, place, [countryCode, stateOrProvince]) => {
    expect(billingDefaults({ ...casey, ...place })).toEqual({
      email: 'consumer@example.com',
      firstName: 'Casey',
      lastName: 'Consumer',
      address1: '1200 Ridge Road',
      address2: 'Unit 4',
      city: 'Bozeman',
      countryCode,
      stateOrProvince,
      postalCode: '59715',
      payment: 'manual',
    });
  });
});
