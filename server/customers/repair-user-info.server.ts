/**
 * SPEC §3 "Repair userInfo prefill": a customer's contact details and default address, as the repair wizard
 * pre-fills them. The customers context owns the tables; this is its read for other contexts.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { addresses, customers } from './schema';

export type RepairUserInfoPrefill = {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  country: string;
  postal_code: string;
  state_or_province: string;
};

export async function repairUserInfo(
  db: Database,
  customerId: number,
): Promise<RepairUserInfoPrefill | null> {
  const [customer] = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!customer) return null;
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.id));
  const address =
    rows.find((row) =>
      row.formFields.some((field) => field.name === 'default_address' && field.value === true),
    ) ?? rows[0];
  return {
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    email: customer.email,
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    city: address?.city ?? '',
    country: address?.countryCode ?? 'US',
    postal_code: address?.postalCode ?? '',
    state_or_province: address?.stateOrProvince ?? '',
  };
}
