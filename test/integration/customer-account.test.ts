/**
 * The account area's use cases in the customers context (issue 10 §9) over PGlite and the local PostgreSQL: the
 * profile update, addresses (the first is the default, one default at most, only one's own), and the pro program
 * application (stored for review, the status pending, once).
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  createCustomersService,
  MAX_ADDRESSES,
  type AddressInput,
  type CustomersService,
} from '../../server/customers/index.server';
import { addresses, customerFlags, customers, proProgramApplications } from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { describeEachEngine } from '../helpers/database';

const address = (address1: string, over: Partial<AddressInput> = {}): AddressInput => ({
  firstName: 'Robin',
  lastName: 'Tracker',
  address1,
  address2: '',
  city: 'Bozeman',
  stateOrProvince: 'MT',
  postalCode: '59715',
  countryCode: 'US',
  phone: '',
  makeDefault: false,
  ...over,
});

describeEachEngine('customer account', ({ database }) => {
  let service: CustomersService;
  let next = 100;
  const newCustomer = async (flags: Partial<typeof customerFlags.$inferInsert> = {}) => {
    const id = next++;
    await database()
      .db.insert(customers)
      .values({ id, email: `c${id}@example.com`, firstName: 'Robin', lastName: 'Tracker', isEnabled: true });
    await database()
      .db.insert(customerFlags)
      .values({ customerId: id, ...flags });
    return id;
  };

  beforeAll(() => {
    service = createCustomersService({ db: database().db, logger: createLogger({ level: 'error' }) });
  });

  it('updates the profile: names, phone and both subscriptions; an unknown customer is refused', async () => {
    const id = await newCustomer();
    const update = {
      firstName: 'Avery',
      lastName: 'Ridge',
      phone: '(406)-555-0142',
      emailSubscribed: false,
      smsSubscribed: true,
    };
    expect(await service.updateProfile(id, update)).toBe(true);
    expect(await service.profile(id)).toMatchObject({ ...update, email: `c${id}@example.com` });
    expect(await service.updateProfile(99_999, update)).toBe(false);
  });

  it('makes the first address the default, lists the default first, and moves the default on request', async () => {
    const id = await newCustomer();
    const first = await service.saveAddress(id, null, address('1 First Road'));
    const second = await service.saveAddress(id, null, address('2 Second Road'));
    expect(first.ok && second.ok).toBe(true);
    expect((await service.addresses(id)).map((row) => [row.address1, row.isDefault])).toEqual([
      ['1 First Road', true],
      ['2 Second Road', false],
    ]);
    await service.saveAddress(id, null, address('3 Third Road', { makeDefault: true }));
    expect((await service.addresses(id)).map((row) => [row.address1, row.isDefault])).toEqual([
      ['3 Third Road', true],
      ['1 First Road', false],
      ['2 Second Road', false],
    ]);
    if (!second.ok) throw new Error('unreachable');
    expect(await service.setDefaultAddress(id, second.id)).toBe(true);
    const listed = await service.addresses(id);
    expect(listed.filter((row) => row.isDefault).map((row) => row.address1)).toEqual(['2 Second Road']);
    // SPEC §3: the mark is `default_address` true in the address's form fields.
    const rows = await database().db.select().from(addresses).where(eq(addresses.customerId, id));
    expect(rows.find((row) => row.id === second.id)?.formFields).toEqual([
      { name: 'default_address', value: true },
    ]);
  });

  it('edits only the customer’s own addresses', async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    const saved = await service.saveAddress(owner, null, address('1 Owner Road'));
    if (!saved.ok) throw new Error('not saved');
    expect(
      await service.saveAddress(owner, saved.id, address('1 Owner Road', { city: 'Livingston' })),
    ).toEqual({
      ok: true,
      id: saved.id,
    });
    expect((await service.addresses(owner))[0]).toMatchObject({ city: 'Livingston', isDefault: true });

    expect(await service.saveAddress(other, saved.id, address('Taken Road'))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await service.setDefaultAddress(other, saved.id)).toBe(false);
    expect((await service.addresses(owner))[0]).toMatchObject({ address1: '1 Owner Road', isDefault: true });
    expect(await service.addresses(other)).toEqual([]);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const id = await newCustomer();
    for (let index = 0; index < MAX_ADDRESSES; index += 1) {
      expect((await service.saveAddress(id, null, address(`${index} Many Road`))).ok).toBe(true);
    }
    expect(await service.saveAddress(id, null, address('One Too Many Road'))).toEqual({
      ok: false,
      reason: 'too-many',
    });
  });

  it('leaves one default when two saves make different addresses the default at once', async () => {
    const id = await newCustomer();
    const first = await service.saveAddress(id, null, address('1 Race Road'));
    const second = await service.saveAddress(id, null, address('2 Race Road'));
    if (!first.ok || !second.ok) throw new Error('not saved');
    await Promise.all([
      service.saveAddress(id, first.id, address('1 Race Road', { makeDefault: true })),
      service.saveAddress(id, second.id, address('2 Race Road', { makeDefault: true })),
      service.setDefaultAddress(id, first.id),
    ]);
    expect((await service.addresses(id)).filter((row) => row.isDefault)).toHaveLength(1);
  });

  it('stores a pro program application for review once, and refuses members', async () => {
    const id = await newCustomer();
    const application = {
      organization: 'Big Sky Outfitters',
      occupation: 'Hunting guide or outfitter',
      details: '',
    };
    expect(await service.applyToProProgram(id, application)).toEqual({ ok: true });
    expect((await service.profile(id))?.flags.proProgramApplicationStatus).toBe('pending');
    expect(await service.applyToProProgram(id, application)).toEqual({ ok: false, reason: 'pending' });
    const stored = await database()
      .db.select()
      .from(proProgramApplications)
      .where(eq(proProgramApplications.customerId, id));
    expect(stored).toEqual([expect.objectContaining({ ...application, status: 'pending' })]);

    const member = await newCustomer({ proUser: true, proProgramApplicationStatus: 'approved' });
    expect(await service.applyToProProgram(member, application)).toEqual({ ok: false, reason: 'member' });

    // Two submits at once make one application.
    const eager = await newCustomer({ proProgramApplicationStatus: 'rejected' });
    const outcomes = await Promise.all([
      service.applyToProProgram(eager, application),
      service.applyToProProgram(eager, application),
    ]);
    expect(outcomes).toEqual(expect.arrayContaining([{ ok: true }, { ok: false, reason: 'pending' }]));
    expect(
      await database()
        .db.select()
        .from(proProgramApplications)
        .where(eq(proProgramApplications.customerId, eager)),
    ).toHaveLength(1);
  });
});
