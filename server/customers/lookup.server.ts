/**
 * Whether a customer id names a customer: the customers context's answer for other contexts (the cart refuses a
 * customer id that names nobody with SPEC §8 "Customer id not found. Please clear your cookie and try again.").
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { customers } from './schema';

export async function customerExists(db: Database, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id <= 0) return false;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return row !== undefined;
}
