/**
 * One enabled demo account of each customer kind, all with the same documented password. README,
 * end-to-end tests and manual testing sign in with these.
 */
import type { addresses, customerFlags, customers } from '../schema';
import type { CustomerGroupName } from './customer-groups';

/** Meets the SPEC §5 policy: 8–20 characters, upper, lower, digit, an allowed special, no triple run. */
export const DEMO_PASSWORD = 'Outdoors#2026';

export type DemoAccountKind =
  'consumer' | 'pro' | 'gore-associate' | 'sitka-associate' | 'shed' | 'promo' | 'govx' | 'vip';

type CustomerFields = Pick<typeof customers.$inferInsert, 'firstName' | 'lastName' | 'phone'>;
type FlagFields = Omit<typeof customerFlags.$inferInsert, 'customerId'>;
type AddressFields = Omit<
  typeof addresses.$inferInsert,
  'id' | 'customerId' | 'firstName' | 'lastName' | 'phone' | 'formFields'
>;

export type DemoAccount = CustomerFields & {
  email: string;
  kind: DemoAccountKind;
  password: string;
  group: CustomerGroupName;
  flags: FlagFields;
  address: AddressFields;
};

const account = (
  kind: DemoAccountKind,
  email: string,
  [firstName, lastName]: [string, string],
  group: CustomerGroupName,
  flags: FlagFields,
  address: AddressFields,
  phone: string,
): DemoAccount => ({
  kind,
  email,
  firstName,
  lastName,
  phone,
  password: DEMO_PASSWORD,
  group,
  flags,
  address,
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  account(
    'consumer',
    'consumer@example.com',
    ['Casey', 'Consumer'],
    'Consumer',
    {},
    { address1: '1200 Ridge Road', city: 'Bozeman', stateOrProvince: 'Montana', postalCode: '59715' },
    '(406)-555-0101',
  ),
  account(
    'pro',
    'pro@example.com',
    ['Parker', 'Guide'],
    'Pro Program',
    { proUser: true, proProgramApplicationStatus: 'approved' },
    {
      address1: '88 Trailhead Way',
      address2: 'Unit 4',
      city: 'Jackson',
      stateOrProvince: 'Wyoming',
      postalCode: '83001',
    },
    '(307)-555-0102',
  ),
  account(
    'gore-associate',
    'associate@gore.com',
    ['Gale', 'Membrane'],
    'Gore Associate',
    { proUser: true, proProgramApplicationStatus: 'approved' },
    { address1: '555 Paper Mill Road', city: 'Newark', stateOrProvince: 'Delaware', postalCode: '19711' },
    '(302)-555-0103',
  ),
  account(
    'sitka-associate',
    'associate@sitkagear.com',
    ['Sam', 'Spruce'],
    'Sitka Associate',
    { proUser: true, proProgramApplicationStatus: 'approved' },
    { address1: '10 Basin Street', city: 'Bozeman', stateOrProvince: 'Montana', postalCode: '59718' },
    '(406)-555-0104',
  ),
  account(
    'shed',
    'shed@example.com',
    ['Shelby', 'Antler'],
    'Shed App',
    { shedUser: true, shedApplicationStatus: 'approved' },
    { address1: '42 Elk Meadow Lane', city: 'Missoula', stateOrProvince: 'Montana', postalCode: '59801' },
    '(406)-555-0105',
  ),
  account(
    'promo',
    'promo@example.com',
    ['Morgan', 'Promo'],
    'Promo Orders',
    { promoOrder: true },
    {
      address1: '300 Marsh Point Drive',
      city: 'Stuttgart',
      stateOrProvince: 'Arkansas',
      postalCode: '72160',
    },
    '(870)-555-0106',
  ),
  account(
    'govx',
    'govx@example.com',
    ['Jordan', 'Service'],
    'GovX Military',
    {},
    {
      address1: '7 Fort Avenue',
      city: 'Fayetteville',
      stateOrProvince: 'North Carolina',
      postalCode: '28301',
    },
    '(910)-555-0107',
  ),
  account(
    'vip',
    'vip@example.com',
    ['Vivian', 'Loyal'],
    'VIP 10',
    {},
    { address1: '19 Whitetail Court', city: 'Madison', stateOrProvince: 'Wisconsin', postalCode: '53703' },
    '(608)-555-0108',
  ),
];
