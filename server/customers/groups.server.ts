/**
 * Customer groups as the rest of the store needs them (pricing's price lists, the viewer at sign-in). The
 * customers context owns the table; this is its read for other contexts.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { customerGroups } from './schema';

export type CustomerGroup = {
  id: number;
  name: string;
  isGovXUser: boolean;
  discountMethod: string | null;
  discountAmount: number;
};

export async function selectCustomerGroups(db: Database): Promise<CustomerGroup[]> {
  const rows = await db.select().from(customerGroups).orderBy(asc(customerGroups.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    isGovXUser: row.isGovXUser,
    discountMethod: row.discountMethod,
    discountAmount: Number(row.discountAmount),
  }));
}
