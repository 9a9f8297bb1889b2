/**
 * The repairs context's part of an account deletion (issue 26 §4; decision 101), in the deletion workflow's
 * transaction: drafts (never sent to the repair desk) go with their damages, answers and photos; a submitted
 * repair stays a record of the desk's work and of what its payment order paid for, with the customer's contact
 * details and return address (`customer_info`) removed. Photos of the product stay with a submitted repair: they
 * show the product, not the person.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { repairFiles, repairs, repairUploads } from './schema';

export async function anonymiseCustomerRepairs(
  tx: Tx,
  customerId: number,
): Promise<{ draftsRemoved: number; anonymised: number }> {
  const drafts = await tx
    .select({ id: repairs.id })
    .from(repairs)
    .where(and(eq(repairs.customerId, customerId), eq(repairs.status, 'draft')))
    .for('update');
  const draftIds = drafts.map((draft) => draft.id);
  if (draftIds.length > 0) {
    const files = await tx
      .select({ key: repairFiles.storageKey })
      .from(repairFiles)
      .where(inArray(repairFiles.repairId, draftIds));
    // The photos' bytes when they are kept in the database (decision 084); damages, answers and files cascade.
    if (files.length > 0)
      await tx.delete(repairUploads).where(
        inArray(
          repairUploads.key,
          files.map((file) => file.key),
        ),
      );
    await tx.delete(repairs).where(inArray(repairs.id, draftIds));
  }
  const anonymised = await tx
    .update(repairs)
    .set({ customerInfo: sql`'{}'::jsonb`, updatedAt: sql`now()` })
    .where(and(eq(repairs.customerId, customerId), ne(repairs.status, 'draft')))
    .returning({ id: repairs.id });
  return { draftsRemoved: draftIds.length, anonymised: anonymised.length };
}
