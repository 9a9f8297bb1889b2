/**
 * Pay a repair (issue 13 §6, SPEC §7 `getcheckoutpaymenturl`): the use case spans the repairs context (whose quote
 * is due, and marking it paid) and the checkout (the order that pays it), so it is a workflow that owns the
 * transaction: the repair is locked, its quote checked to be due, the order written and the repair marked paid, all
 * or nothing. A repair that is paid already answers its order (`replayed`): a repeated submit, or two at once, pay
 * once (the checkout's order also carries the repair's idempotency key, unique on orders). The confirmation mail
 * is asked for after the commit, once.
 */
import type { ShippingAddress } from '../checkout/index.server';
import type { Clock } from '../clock';
import type { Database, Tx } from '../db/database.server';
import type { RepairsService } from '../repairs/index.server';

export type RepairOrder = {
  customerId: number;
  repairId: number;
  /** The order line's name ("Warranty repair #12: Alpine Jacket"). */
  description: string;
  amountCents: number;
  email: string;
  address: ShippingAddress;
};

export type PayRepairWorkflow = (
  customerId: number,
  repairId: number,
  input: { email: string; address: ShippingAddress },
) => Promise<{ orderId: number; replayed: boolean }>;

export function createPayRepairWorkflow(deps: {
  db: Database;
  clock: Clock;
  repairs: Pick<RepairsService, 'lockForPayment' | 'markPaid'>;
  checkout: {
    /** Writes the order paying a repair inside `tx` (server/checkout/repair-payment.server.ts). */
    writeRepairOrder(tx: Tx, order: RepairOrder, now: Date): Promise<number>;
    confirmOrder(orderId: number): Promise<void>;
  };
}): PayRepairWorkflow {
  return async (customerId, repairId, input) => {
    const outcome = await deps.db.transaction(async (tx) => {
      const repair = await deps.repairs.lockForPayment(customerId, repairId, tx);
      if ('paidBy' in repair) return { orderId: repair.paidBy, replayed: true };
      const now = deps.clock.now();
      const orderId = await deps.checkout.writeRepairOrder(
        tx,
        { customerId, ...repair.due, email: input.email, address: input.address },
        now,
      );
      await deps.repairs.markPaid(repair.due.repairId, orderId, now, tx);
      return { orderId, replayed: false };
    });
    if (!outcome.replayed) await deps.checkout.confirmOrder(outcome.orderId);
    return outcome;
  };
}
