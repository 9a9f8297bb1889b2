/**
 * A customer's copy of their data (issue 26 §4, "download of their data"): what the store holds about them, from
 * each context that holds some: the profile and consents (customers), saved addresses (customers), orders with
 * their lines (checkout) and repair requests (repairs). One JSON document, read through each context's service;
 * nothing here reads a table. Internal identifiers of other customers and staff never appear.
 */
import type { OrderView } from '../checkout/index.server';
import type { CustomerAddress, CustomerProfile } from '../customers/index.server';

export const CUSTOMER_DATA_VERSION = 1;

export type CustomerData = {
  format: 'storefront-customer-data';
  version: typeof CUSTOMER_DATA_VERSION;
  exportedAt: string;
  profile: { email: string; firstName: string; lastName: string; phone: string; group: string | null };
  consents: { emailMarketing: boolean; smsMarketing: boolean; doNotSell: boolean };
  programs: {
    proUser: boolean;
    shedUser: boolean;
    promoOrder: boolean;
    proApplicationStatus: string | null;
    shedApplicationStatus: string | null;
  };
  addresses: CustomerAddress[];
  orders: OrderView[];
  repairs: unknown[];
};

export function createCustomerData(deps: {
  profile(customerId: number): Promise<CustomerProfile | null>;
  addresses(customerId: number): Promise<CustomerAddress[]>;
  orders(customerId: number): Promise<OrderView[]>;
  repairs(customerId: number): Promise<unknown[]>;
  now(): Date;
}) {
  return {
    /** The document for this customer, or null when there is no such customer. */
    async export(customerId: number): Promise<CustomerData | null> {
      const profile = await deps.profile(customerId);
      if (!profile) return null;
      const [addresses, orders, repairs] = await Promise.all([
        deps.addresses(customerId),
        deps.orders(customerId),
        deps.repairs(customerId),
      ]);
      return {
        format: 'storefront-customer-data',
        version: CUSTOMER_DATA_VERSION,
        exportedAt: deps.now().toISOString(),
        profile: {
          email: profile.email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          phone: profile.phone,
          group: profile.group?.name ?? null,
        },
        consents: {
          emailMarketing: profile.emailSubscribed,
          smsMarketing: profile.smsSubscribed,
          doNotSell: profile.flags.dnsFlag,
        },
        programs: {
          proUser: profile.flags.proUser,
          shedUser: profile.flags.shedUser,
          promoOrder: profile.flags.promoOrder,
          proApplicationStatus: profile.flags.proProgramApplicationStatus,
          shedApplicationStatus: profile.flags.shedApplicationStatus,
        },
        addresses,
        orders,
        repairs,
      };
    },
  };
}

export type CustomerDataFlows = ReturnType<typeof createCustomerData>;
