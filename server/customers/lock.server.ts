import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { customers } from './schema';

/** The customer's row, locked for the transaction: changes to one customer take turns. */
export async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}
