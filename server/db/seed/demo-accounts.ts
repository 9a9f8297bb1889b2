/**
 * One enabled demo account of each customer kind, all with the same documented password. README,
 * end-to-end tests and manual testing sign in with these.
 */
import type { addresses, customerFlags } from '../schema';
import type { CustomerGroupName } from './customer-groups';

/** Meets the SPEC §5 policy: 8–20 characters, upper, lower, digit, an allowed special, no triple run. */
export const DEMO_PASSWORD = 'Outdoors#2026';

/** The demo staff user (`/staff/sign-in`, decision 088): every role, the demo password (12+ characters). */
export const DEMO_STAFF_USER = {
  email: 'staff@example.com',
  roles: ['repairs', 'pro-review', 'orders', 'stock', 'admin'],
} as const satisfies { email: string; roles: readonly string[] };

export type DemoAccountKind =
  | 'consumer'
  | 'pro'
  | 'gore-associate'
  | 'sitka-associate'
  | 'shed'
  | 'promo'
  | 'promo-approver'
  | 'govx'
  | 'vip';

type FlagFields = Omit<typeof customerFlags.$inferInsert, 'customerId'>;
type AddressFields = Omit<
  typeof addresses.$inferInsert,
  'id' | 'customerId' | 'firstName' | 'lastName' | 'phone' | 'formFields'
>;

export type DemoAccount = {
  kind: DemoAccountKind;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** SPEC §5 format: (123)-456-7890. */
  phone: string;
  group: CustomerGroupName;
  flags: FlagFields;
  address: AddressFields;
};

type AccountDetails = Omit<DemoAccount, 'password'>;

const ACCOUNT_DETAILS: readonly AccountDetails[] = [
  {
    kind: 'consumer',
    email: 'consumer@example.com',
    firstName: 'Casey',
    lastName: 'Consumer',
    phone: '(406)-555-0101',
    group: 'Consumer',
    flags: {},
    address: {
      address1: '1200 Ridge Road',
      city: 'Bozeman',
      stateOrProvince: 'Montana',
      postalCode: '59715',
    },
  },
  {
    kind: 'pro',
    email: 'pro@example.com',
    firstName: 'Parker',
    lastName: 'Guide',
    phone: '(307)-555-0102',
    group: 'Pro Program',
    flags: { proUser: true, proProgramApplicationStatus: 'approved' },
    address: {
      address1: '88 Trailhead Way',
      address2: 'Unit 4',
      city: 'Jackson',
      stateOrProvince: 'Wyoming',
      postalCode: '83001',
    },
  },
  {
    // Pro-program associate: the subtype comes from the e-mail domain (gore.com).
    kind: 'gore-associate',
    email: 'associate@gore.com',
    firstName: 'Gale',
    lastName: 'Membrane',
    phone: '(302)-555-0103',
    group: 'Gore Associate',
    flags: { proUser: true, proProgramApplicationStatus: 'approved' },
    address: {
      address1: '555 Paper Mill Road',
      city: 'Newark',
      stateOrProvince: 'Delaware',
      postalCode: '19711',
    },
  },
  {
    // Pro-program associate: the subtype comes from the e-mail domain (sitkagear.com).
    kind: 'sitka-associate',
    email: 'associate@sitkagear.com',
    firstName: 'Sam',
    lastName: 'Spruce',
    phone: '(406)-555-0104',
    group: 'Sitka Associate',
    flags: { proUser: true, proProgramApplicationStatus: 'approved' },
    address: {
      address1: '10 Basin Street',
      city: 'Bozeman',
      stateOrProvince: 'Montana',
      postalCode: '59718',
    },
  },
  {
    kind: 'shed',
    email: 'shed@example.com',
    firstName: 'Shelby',
    lastName: 'Antler',
    phone: '(406)-555-0105',
    group: 'Shed App',
    flags: { shedUser: true, shedApplicationStatus: 'approved' },
    address: {
      address1: '42 Elk Meadow Lane',
      city: 'Missoula',
      stateOrProvince: 'Montana',
      postalCode: '59801',
    },
  },
  {
    kind: 'promo',
    email: 'promo@example.com',
    firstName: 'Morgan',
    lastName: 'Promo',
    phone: '(870)-555-0106',
    group: 'Promo Orders',
    flags: { promoOrder: true },
    address: {
      address1: '300 Marsh Point Drive',
      city: 'Stuttgart',
      stateOrProvince: 'Arkansas',
      postalCode: '72160',
    },
  },
  {
    // Approves or rejects the promotional orders that promo users place (decision 045).
    kind: 'promo-approver',
    email: 'approver@example.com',
    firstName: 'Avery',
    lastName: 'Approver',
    phone: '(406)-555-0109',
    group: 'Consumer',
    flags: { promoApprover: true },
    address: {
      address1: '1 Warehouse Row',
      city: 'Bozeman',
      stateOrProvince: 'Montana',
      postalCode: '59715',
    },
  },
  {
    kind: 'govx',
    email: 'govx@example.com',
    firstName: 'Jordan',
    lastName: 'Service',
    phone: '(910)-555-0107',
    group: 'GovX Military',
    flags: {},
    address: {
      address1: '7 Fort Avenue',
      city: 'Fayetteville',
      stateOrProvince: 'North Carolina',
      postalCode: '28301',
    },
  },
  {
    kind: 'vip',
    email: 'vip@example.com',
    firstName: 'Vivian',
    lastName: 'Loyal',
    phone: '(608)-555-0108',
    group: 'VIP 10',
    flags: {},
    address: {
      address1: '19 Whitetail Court',
      city: 'Madison',
      stateOrProvince: 'Wisconsin',
      postalCode: '53703',
    },
  },
];

export const DEMO_ACCOUNTS: readonly DemoAccount[] = ACCOUNT_DETAILS.map((details) => ({
  ...details,
  password: DEMO_PASSWORD,
}));
