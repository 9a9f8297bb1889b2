/**
 * The pro program (SPEC §6): a customer's application, the staff review list and the staff decision, which makes
 * an approved customer a pro user in the pro program's group and bumps their viewer version (decision 055).
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.server';
import { lockCustomer } from './lock.server';
import { groupAfterProApproval, PRO_PROGRAM_GROUP } from './pro-approval';
import { customerFlags, customerGroups, customers, proProgramApplications } from './schema';
import type { CustomersService } from './types';
import { ViewerVersions, type ViewerChange } from './viewer-versions';

type ProProgramService = Pick<
  CustomersService,
  'applyToProProgram' | 'pendingProApplications' | 'decideProApplication' | 'viewerVersionOf'
>;

export function createProProgram({
  db,
  viewerCheckMs,
}: {
  db: Database;
  viewerCheckMs: number;
}): ProProgramService {
  const viewerVersions = new ViewerVersions((since) => selectViewerChanges(db, since), {
    minIntervalMs: viewerCheckMs,
  });
  return {
    async applyToProProgram(customerId, application) {
      return db.transaction(async (tx) => {
        // The customer's row, locked: a double submit makes one application.
        await tx
          .select({ id: customers.id })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        const [flags] = await tx.select().from(customerFlags).where(eq(customerFlags.customerId, customerId));
        if (flags?.proUser || flags?.proProgramApplicationStatus === 'approved')
          return { ok: false as const, reason: 'member' as const };
        const [latest] = await tx
          .select({ status: proProgramApplications.status })
          .from(proProgramApplications)
          .where(eq(proProgramApplications.customerId, customerId))
          .orderBy(desc(proProgramApplications.id))
          .limit(1);
        if (latest?.status === 'pending' || flags?.proProgramApplicationStatus === 'pending')
          return { ok: false as const, reason: 'pending' as const };
        await tx.insert(proProgramApplications).values({ customerId, ...application });
        await tx
          .insert(customerFlags)
          .values({ customerId, proProgramApplicationStatus: 'pending' })
          .onConflictDoUpdate({
            target: customerFlags.customerId,
            set: { proProgramApplicationStatus: 'pending' },
          });
        return { ok: true as const };
      });
    },

    async pendingProApplications() {
      const rows = await db
        .select({
          id: proProgramApplications.id,
          customerId: proProgramApplications.customerId,
          organization: proProgramApplications.organization,
          occupation: proProgramApplications.occupation,
          details: proProgramApplications.details,
          createdAt: proProgramApplications.createdAt,
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          groupName: customerGroups.name,
        })
        .from(proProgramApplications)
        .innerJoin(customers, eq(customers.id, proProgramApplications.customerId))
        .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
        .where(eq(proProgramApplications.status, 'pending'))
        .orderBy(asc(proProgramApplications.id))
        .limit(200);
      return rows;
    },

    async decideProApplication(applicationId, decision, staffUserId) {
      const result = await db.transaction(async (tx) => {
        // The one conditional update decides: a second decision of the same application finds it decided.
        const [decided] = await tx
          .update(proProgramApplications)
          .set({ status: decision, decidedAt: sql`now()`, decidedBy: staffUserId })
          .where(
            and(eq(proProgramApplications.id, applicationId), eq(proProgramApplications.status, 'pending')),
          )
          .returning({ customerId: proProgramApplications.customerId });
        if (!decided) {
          const [exists] = await tx
            .select({ id: proProgramApplications.id })
            .from(proProgramApplications)
            .where(eq(proProgramApplications.id, applicationId))
            .limit(1);
          return { ok: false as const, reason: exists ? ('decided' as const) : ('not-found' as const) };
        }
        const { customerId } = decided;
        await lockCustomer(tx, customerId);
        const [customer] = await tx
          .select({ email: customers.email, firstName: customers.firstName, group: customerGroups })
          .from(customers)
          .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
          .where(eq(customers.id, customerId));
        let change: ViewerChange | undefined;
        if (decision === 'approved') {
          const [proGroup] = await tx
            .select()
            .from(customerGroups)
            .where(eq(customerGroups.name, PRO_PROGRAM_GROUP))
            .limit(1);
          const asGroup = (row: typeof customerGroups.$inferSelect) => ({
            ...row,
            discountAmount: Number(row.discountAmount),
          });
          // The group (and below, the pro flag) a signed-in viewer carries change: a new viewer version, so their
          // session is made again on their next request (decision 055).
          const [changed] = await tx
            .update(customers)
            .set({
              ...(proGroup
                ? {
                    customerGroupId: groupAfterProApproval(
                      customer?.group ? asGroup(customer.group) : null,
                      asGroup(proGroup),
                    ),
                  }
                : {}),
              viewerVersion: sql`${customers.viewerVersion} + 1`,
              viewerChangedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(customers.id, customerId))
            .returning({ version: customers.viewerVersion, changedAt: customers.viewerChangedAt });
          if (changed?.changedAt)
            change = { customerId, version: changed.version, changedAt: changed.changedAt };
        }
        const flags =
          decision === 'approved'
            ? { proUser: true, proProgramApplicationStatus: decision }
            : { proProgramApplicationStatus: decision };
        await tx
          .insert(customerFlags)
          .values({ customerId, ...flags })
          .onConflictDoUpdate({ target: customerFlags.customerId, set: flags });
        return {
          change,
          outcome: {
            ok: true as const,
            customerId,
            email: customer?.email ?? '',
            firstName: customer?.firstName ?? '',
          },
        };
      });
      if (!result.outcome) return { ok: false, reason: result.reason };
      // Committed: this process's requests see the change at once.
      if (result.change) viewerVersions.note(result.change);
      return result.outcome;
    },

    async viewerVersionOf(id) {
      await viewerVersions.check();
      return viewerVersions.latest(id);
    },
  };
}

/** Customers whose viewer version changed after `since` (null: within a session's lifetime), by the database's clock. */
async function selectViewerChanges(db: Database, since: Date | null): Promise<ViewerChange[]> {
  const rows = await db
    .select({
      customerId: customers.id,
      version: customers.viewerVersion,
      changedAt: customers.viewerChangedAt,
    })
    .from(customers)
    .where(
      since
        ? gt(customers.viewerChangedAt, since)
        : sql`${customers.viewerChangedAt} > now() - interval '7 days'`,
    );
  return rows.flatMap((row) => (row.changedAt ? [{ ...row, changedAt: row.changedAt }] : []));
}
