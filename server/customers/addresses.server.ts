/** Saved addresses (SPEC §3): at most MAX_ADDRESSES per customer, exactly one the default. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.server';
import { lockCustomer } from './lock.server';
import { addresses } from './schema';
import { MAX_ADDRESSES, type CustomerAddress, type CustomersService } from './types';

type AddressesService = Pick<CustomersService, 'addresses' | 'saveAddress' | 'setDefaultAddress'>;

export function createAddresses({ db }: { db: Database }): AddressesService {
  return {
    async addresses(customerId) {
      const rows = await db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(asc(addresses.id));
      const all = rows.map(toAddress);
      return [...all.filter((address) => address.isDefault), ...all.filter((address) => !address.isDefault)];
    },

    async saveAddress(customerId, addressId, input) {
      return db.transaction(async (tx) => {
        // The customer's row, locked: two saves of one customer take turns (the count, the one default), also
        // before they have an address to lock.
        await lockCustomer(tx, customerId);
        const mine = await tx
          .select({ id: addresses.id, formFields: addresses.formFields })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .orderBy(asc(addresses.id))
          .for('update');
        const { makeDefault, ...fields } = input;
        let id: number;
        if (addressId === null) {
          if (mine.length >= MAX_ADDRESSES) return { ok: false as const, reason: 'too-many' as const };
          const [row] = await tx
            .insert(addresses)
            .values({ customerId, ...fields, formFields: [] })
            .returning({ id: addresses.id });
          id = row!.id;
          mine.push({ id, formFields: [] });
        } else {
          if (!mine.some((address) => address.id === addressId))
            return { ok: false as const, reason: 'not-found' as const };
          await tx
            .update(addresses)
            .set(fields)
            .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
          id = addressId;
        }
        const hasDefault = mine.some((address) => isDefaultAddress(address.formFields));
        if (makeDefault || !hasDefault) await markDefault(tx, mine, id);
        return { ok: true as const, id };
      });
    },

    async setDefaultAddress(customerId, addressId) {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        const mine = await tx
          .select({ id: addresses.id, formFields: addresses.formFields })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .for('update');
        if (!mine.some((address) => address.id === addressId)) return false;
        await markDefault(tx, mine, addressId);
        return true;
      });
    },
  };
}

type FormFields = (typeof addresses.$inferSelect)['formFields'];

const isDefaultAddress = (formFields: FormFields) =>
  formFields.some((field) => field.name === 'default_address' && field.value === true);

function toAddress(row: typeof addresses.$inferSelect): CustomerAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateOrProvince: row.stateOrProvince,
    postalCode: row.postalCode,
    countryCode: row.countryCode,
    phone: row.phone,
    isDefault: isDefaultAddress(row.formFields),
  };
}

/** `default_address: true` on `id`'s form fields and on no other address of the customer (rows locked). */
async function markDefault(
  tx: Tx,
  mine: readonly { id: number; formFields: FormFields }[],
  id: number,
): Promise<void> {
  for (const address of mine) {
    const others = address.formFields.filter((field) => field.name !== 'default_address');
    const wanted = address.id === id ? [...others, { name: 'default_address', value: true }] : others;
    if (address.id !== id && others.length === address.formFields.length) continue;
    await tx.update(addresses).set({ formFields: wanted }).where(eq(addresses.id, address.id));
  }
}
