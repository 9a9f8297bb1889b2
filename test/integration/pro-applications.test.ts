/**
 * Pro program review in the customers context (issue 10 §9) over PGlite and the local PostgreSQL: the pending list
 * staff see, approval (the customer becomes a pro user in the pro program's group, so pricing follows; an associate
 * keeps a group that saves them more), declining (the customer may apply again), one decision per application,
 * and an unknown application.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createCustomersService, type CustomersService } from '../../server/customers/index.server';
import { customerGroups, customers, proProgramApplications } from '../../server/db/schema';
import { CUSTOMER_GROUPS } from '../../server/db/seed/customer-groups';
import { createLogger } from '../../server/logger';
import { describeEachEngine } from '../helpers/database';

const application = { organization: 'Ridge Outfitters', occupation: 'Guide', details: 'Elk camp' };

describeEachEngine('pro program review', ({ database }) => {
  let service: CustomersService;
  let next = 300;
  const newCustomer = async (groupName: string) => {
    const id = next++;
    const group = CUSTOMER_GROUPS.find((candidate) => candidate.name === groupName)!;
    await database()
      .db.insert(customers)
      .values({
        id,
        email: `pro${id}@example.com`,
        firstName: `Robin${id}`,
        lastName: 'Tracker',
        isEnabled: true,
        customerGroupId: group.id,
      });
    return id;
  };
  const applicationOf = async (customerId: number) => {
    const pending = await service.pendingProApplications();
    const mine = pending.find((row) => row.customerId === customerId);
    if (!mine) throw new Error(`no pending application of customer ${customerId}`);
    return mine;
  };

  beforeAll(async () => {
    await database()
      .db.insert(customerGroups)
      .values([...CUSTOMER_GROUPS])
      .onConflictDoNothing();
    service = createCustomersService({ db: database().db, logger: createLogger({ level: 'error' }) });
  });

  it('lists pending applications oldest first with who sent them', async () => {
    const first = await newCustomer('Consumer');
    const second = await newCustomer('VIP 10');
    expect(await service.applyToProProgram(first, application)).toEqual({ ok: true });
    expect(await service.applyToProProgram(second, { ...application, details: '' })).toEqual({ ok: true });
    const pending = (await service.pendingProApplications()).filter((row) =>
      [first, second].includes(row.customerId),
    );
    expect(pending).toMatchObject([
      {
        customerId: first,
        email: `pro${first}@example.com`,
        firstName: `Robin${first}`,
        lastName: 'Tracker',
        groupName: 'Consumer',
        organization: 'Ridge Outfitters',
        occupation: 'Guide',
        details: 'Elk camp',
      },
      { customerId: second, groupName: 'VIP 10', details: '' },
    ]);
    expect(pending[0]!.id).toBeLessThan(pending[1]!.id);
    expect(pending[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('approves: a pro user in the Pro Program group, status approved, off the pending list, once', async () => {
    const id = await newCustomer('Consumer');
    await service.applyToProProgram(id, application);
    const { id: applicationId } = await applicationOf(id);

    expect(await service.decideProApplication(applicationId, 'approved', 1)).toEqual({
      ok: true,
      customerId: id,
      email: `pro${id}@example.com`,
      firstName: `Robin${id}`,
    });
    const profile = await service.profile(id);
    expect(profile?.group?.name).toBe('Pro Program');
    expect(profile?.group?.discountAmount).toBe(30);
    expect(profile?.flags).toMatchObject({ proUser: true, proProgramApplicationStatus: 'approved' });
    const [row] = await database()
      .db.select()
      .from(proProgramApplications)
      .where(eq(proProgramApplications.id, applicationId));
    expect(row?.status).toBe('approved');
    expect(row?.decidedAt).toBeInstanceOf(Date);
    expect((await service.pendingProApplications()).some((pending) => pending.customerId === id)).toBe(false);

    // A second decision (another member of staff, a repeated post) changes nothing.
    expect(await service.decideProApplication(applicationId, 'rejected', 1)).toEqual({
      ok: false,
      reason: 'decided',
    });
    expect((await service.profile(id))?.flags.proProgramApplicationStatus).toBe('approved');
    // A member cannot apply again.
    expect(await service.applyToProProgram(id, application)).toEqual({ ok: false, reason: 'member' });
  });

  it('keeps an associate in their own group when it saves them more than the pro program', async () => {
    const id = await newCustomer('Sitka Associate');
    await service.applyToProProgram(id, application);
    await service.decideProApplication((await applicationOf(id)).id, 'approved', 1);
    const profile = await service.profile(id);
    expect(profile?.group?.name).toBe('Sitka Associate');
    expect(profile?.flags.proUser).toBe(true);
  });

  it('declines: not a pro user, group unchanged, status rejected, and the customer may apply again', async () => {
    const id = await newCustomer('Consumer');
    await service.applyToProProgram(id, application);
    expect(await service.decideProApplication((await applicationOf(id)).id, 'rejected', 1)).toMatchObject({
      ok: true,
      customerId: id,
    });
    const profile = await service.profile(id);
    expect(profile?.group?.name).toBe('Consumer');
    expect(profile?.flags).toMatchObject({ proUser: false, proProgramApplicationStatus: 'rejected' });
    expect(await service.applyToProProgram(id, application)).toEqual({ ok: true });
    expect((await service.profile(id))?.flags.proProgramApplicationStatus).toBe('pending');
  });

  it('refuses an application that does not exist', async () => {
    expect(await service.decideProApplication(2_000_000_000, 'approved', 1)).toEqual({
      ok: false,
      reason: 'not-found',
    });
  });

  it('decides an application once when two staff decide it at the same time', async () => {
    const id = await newCustomer('Consumer');
    await service.applyToProProgram(id, application);
    const { id: applicationId } = await applicationOf(id);
    const outcomes = await Promise.all([
      service.decideProApplication(applicationId, 'approved', 1),
      service.decideProApplication(applicationId, 'rejected', 1),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, reason: 'decided' }]);
    const status = (await service.profile(id))?.flags.proProgramApplicationStatus;
    expect(status).toBe(outcomes[0]!.ok ? 'approved' : 'rejected');
  });
});
