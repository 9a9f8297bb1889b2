/**
 * Paying a repair desk's quote (issue 13 §6, SPEC §7 `getcheckoutpaymenturl`): the repairs side of it. Where the
 * quote is paid and the repair the payment page shows; and, for the pay-a-repair workflow
 * (`server/workflows/pay-repair.server.ts`, which owns the transaction), locking a repair whose quote is due and
 * marking it paid by the order the checkout wrote.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database.server';
import { enqueueInTransaction } from '../mail/index.server';
import { RepairError } from './errors';
import { mailSubjectOf, repairPaidMail, type RepairMailContext } from './mails';
import { REPAIR_MESSAGES } from './messages';
import { paymentOf, type Records } from './records.server';
import { repairs } from './schema';
import type { RepairDetail, RepairProduct } from './types';

/** A repair whose quote is due, as the checkout writes its order. */
export type DueRepair = { repairId: number; amountCents: number; description: string };

export type RepairPaymentService = ReturnType<typeof createRepairPaymentService>;

export function createRepairPaymentService({
  records,
  mails,
}: {
  records: Records;
  /** The repair mails' brand and origin; none: no mail at payment. */
  mails?: RepairMailContext;
}) {
  return {
    /** SPEC §7 `getcheckoutpaymenturl/{id}`: where the customer pays the repair's quote, while it is due. */
    async checkoutPaymentUrl(customerId: number, repairId: number): Promise<{ checkout_url: string }> {
      const { payment_url: url } = paymentOf(await records.owned(customerId, repairId));
      if (!url) throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
      return { checkout_url: url };
    },

    /** The repair the payment page shows: the customer's, quoted at an amount (due or already paid). */
    async forPayment(customerId: number, repairId: number): Promise<RepairDetail> {
      const row = await records.owned(customerId, repairId);
      const { payment } = paymentOf(row);
      if (payment !== 'due' && payment !== 'paid') throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
      return records.detail(row);
    },

    /**
     * Locks the customer's repair inside `tx` (a second payment of it waits here): its order when it is paid
     * already, else the quote that is due (409 when none is).
     */
    async lockForPayment(
      customerId: number,
      repairId: number,
      tx: Tx,
    ): Promise<{ paidBy: number } | { due: DueRepair }> {
      const row = await records.owned(customerId, repairId, { tx });
      if (row.paymentOrderId !== null) return { paidBy: row.paymentOrderId };
      if (paymentOf(row).payment !== 'due') throw new RepairError(409, REPAIR_MESSAGES.noPaymentDue);
      const product = (row.product as Partial<RepairProduct>).name ?? '';
      return {
        due: {
          repairId: row.id,
          amountCents: row.quoteCents!,
          description: `Warranty repair #${row.id}${product ? `: ${product}` : ''}`,
        },
      };
    },

    /**
     * Marks the repair paid by `orderId` at `now` (when the order was written), inside the workflow's `tx`, and queues
     * the customer's payment mail in it (issue 25 §6).
     */
    async markPaid(repairId: number, orderId: number, now: Date, tx: Tx): Promise<void> {
      const [paid] = await tx
        .update(repairs)
        .set({ paymentOrderId: orderId, paidAt: now, updatedAt: now })
        .where(eq(repairs.id, repairId))
        .returning();
      const subject = mails && paid ? mailSubjectOf(paid) : null;
      if (mails && subject)
        await enqueueInTransaction(
          tx,
          repairPaidMail(mails, { ...subject, amountCents: paid!.quoteCents ?? 0, orderId }),
        );
    },
  };
}
