/**
 * The repairs context's service, put together from its parts: the customer's drafts and repairs
 * (`drafts.server.ts`), photos (`photos.server.ts`), the repair desk (`desk.server.ts`) and repair payment
 * (`payment.server.ts`), over the shared records (`records.server.ts`: reading a repair, the one ownership check).
 * Each method takes parsed, typed input (`requests.ts`). What the context needs of others comes in as functions.
 */
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import { createDeskService } from './desk.server';
import { createDraftsService } from './drafts.server';
import { createRepairPaymentService } from './payment.server';
import { createPhotosService } from './photos.server';
import type { RepairMailContext } from './mails';
import { createRecords } from './records.server';
import type { OrderedProduct, RepairUserInfoPrefill } from './types';
import type { UploadStorage } from './upload-storage';

export type RepairsDeps = {
  db: Database;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** Where photos are kept (decision 066). */
  storage: UploadStorage;
  /** Signs upload URLs. */
  secret: string;
  /** The customer's bought products (the checkout's order history). */
  orderHistory(customerId: number): Promise<OrderedProduct[]>;
  /** SPEC §3 repair userInfo prefill (the customers context). */
  userInfo(customerId: number): Promise<RepairUserInfoPrefill | null>;
  /**
   * The brand and origin (`PUBLIC_URL`) of the repair mails (issue 25 §6): submitted, quoted, paid, each status.
   * Without it (tests of other things) no repair mail is sent.
   */
  mails?: RepairMailContext;
};

export type RepairsService = ReturnType<typeof createRepairsService>;

export function createRepairsService(deps: RepairsDeps) {
  const records = createRecords(deps);
  const photos = createPhotosService({ ...deps, records });
  const drafts = createDraftsService({ ...deps, records, removeStored: photos.removeStored });
  return {
    ...drafts,
    ...photos,
    ...createDeskService({ db: deps.db, clock: deps.clock, records, mails: deps.mails }),
    ...createRepairPaymentService({ records, mails: deps.mails }),
    /** SPEC §7 `GET /api/reason-for-request`: the reasons a customer can give for a request. */
    reasons: records.reasonList,
  };
}
