/**
 * Repair mails (issue 25 §6) on both engines: the customer gets a mail when the repair is submitted, when it is quoted
 * (with the absolute pay link), when the quote is paid and at each status change the repair desk makes (not for the
 * same status again); each names the brand in its subject, has a text and an HTML part, and links to the customer's
 * repair page with an absolute URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { REPAIR_QUESTIONS } from '../../server/repairs/public';
import { forEachEngine } from '../helpers/database';
import { startHttpApp, type RunningApp } from '../helpers/http-app';

forEachEngine('repair mails', (engine) => {
  let app: RunningApp;
  let customerId: number;
  const email = `repair-mails-${engine}@example.com`;

  beforeAll(async () => {
    app = await startHttpApp({ engine, products: 6 });
    const [customer] = rowsOf<{ id: number }>(
      await app.services.db.execute(
        sql`insert into customers (email, first_name, last_name) values (${email}, 'Robin', 'Mender') returning id`,
      ),
    );
    customerId = customer!.id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** A complete draft: product, one damage, the required answers and the contact details. */
  async function draft(): Promise<number> {
    const db = app.services.db;
    const [row] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into repairs (customer_id, status, product, customer_info) values (${customerId}, 'draft',
          ${JSON.stringify({ name: 'Alpine Shell Jacket' })}::jsonb,
          ${JSON.stringify({
            first_name: 'Robin',
            last_name: 'Mender',
            phone: '(555)-010-0199',
            email,
            address1: '1 Trail Road',
            city: 'Bozeman',
            state_or_province: 'MT',
            postal_code: '59715',
            country: 'US',
          })}::jsonb) returning id`,
      ),
    );
    await db.execute(
      sql`insert into repair_damages (repair_id, issue_id, description) values (${row!.id}, 1, 'Torn seam')`,
    );
    for (const question of REPAIR_QUESTIONS.filter((candidate) => candidate.required))
      await db.execute(
        sql`insert into repair_questions (repair_id, question_id, answer) values (${row!.id}, ${question.id}, 'No')`,
      );
    return row!.id;
  }

  /** The repair mails about repair `repairId` (the order confirmation of its payment is the checkout's). */
  const mails = async (repairId: number) =>
    rowsOf<{ template: string; subject: string; text: string; html: string }>(
      await app.services.db.execute(
        sql`select template, subject, text, html from mail_outbox where "to" = ${email}
            and template like 'repair-%' order by id`,
      ),
    ).filter((mail) => new RegExp(`#${repairId}(?![0-9])`).test(mail.subject));

  it('mails at submission, at each status change, at the quote with the pay link, and at payment', async () => {
    const id = await draft();
    const page = `${app.origin}/warranties/repair#repair-${id}`;
    await app.services.repairs.submit(customerId, id);
    let sent = await mails(id);
    expect(sent.map((mail) => mail.template)).toEqual(['repair-submitted']);
    expect(sent[0]!.subject).toBe(`Cairn Outdoor: we received your repair request #${id}`);
    expect(sent[0]!.text).toContain(page);
    expect(sent[0]!.html).toContain(`href="${page}"`);

    await app.services.repairs.setStatus({ repairId: id, status: 'received', staffUserId: 1 });
    // The same status again is no change: no second mail.
    await app.services.repairs.setStatus({ repairId: id, status: 'received', staffUserId: 1 });
    sent = await mails(id);
    expect(sent.map((mail) => mail.template)).toEqual(['repair-submitted', 'repair-status']);
    expect(sent[1]!.subject).toBe(`Cairn Outdoor: repair #${id} is now Received`);
    expect(sent[1]!.text).toContain(page);

    await app.services.repairs.setQuote({ repairId: id, quoteCents: 4550, reason: null, staffUserId: 1 });
    sent = await mails(id);
    expect(sent.map((mail) => mail.template)).toEqual(['repair-submitted', 'repair-status', 'repair-quoted']);
    const quote = sent[2]!;
    expect(quote.subject).toBe(`Cairn Outdoor: your quote for repair #${id}: $45.50`);
    expect(quote.text).toContain(`Pay $45.50: ${app.origin}/checkout/repaircheckoutpayment/${id}`);
    expect(quote.html).toContain(`href="${app.origin}/checkout/repaircheckoutpayment/${id}"`);

    const paid = await app.services.payRepair(customerId, id, {
      email,
      address: {
        firstName: 'Robin',
        lastName: 'Mender',
        address1: '1 Trail Road',
        address2: '',
        city: 'Bozeman',
        countryCode: 'US',
        stateOrProvince: 'MT',
        postalCode: '59715',
      },
    });
    // Paying again is the same payment: no second mail.
    await app.services.payRepair(customerId, id, {
      email,
      address: {
        firstName: 'Robin',
        lastName: 'Mender',
        address1: '1 Trail Road',
        address2: '',
        city: 'Bozeman',
        countryCode: 'US',
        stateOrProvince: 'MT',
        postalCode: '59715',
      },
    });
    sent = await mails(id);
    expect(sent.map((mail) => mail.template)).toEqual([
      'repair-submitted',
      'repair-status',
      'repair-quoted',
      'repair-paid',
    ]);
    expect(sent[3]!.subject).toBe(`Cairn Outdoor: payment received for repair #${id}`);
    expect(sent[3]!.text).toContain(`$45.50 for repair #${id}`);
    expect(sent[3]!.text).toContain(`order #${paid.orderId}`);

    await app.services.repairs.setStatus({ repairId: id, status: 'in_repair', staffUserId: 1 });
    await app.services.repairs.setStatus({ repairId: id, status: 'shipped', staffUserId: 1 });
    sent = await mails(id);
    expect(sent.slice(4).map((mail) => mail.subject)).toEqual([
      `Cairn Outdoor: repair #${id} is now In repair`,
      `Cairn Outdoor: repair #${id} is now Shipped`,
    ]);
  });

  it('a quote of 0 says the warranty covers the repair, without a pay link', async () => {
    const id = await draft();
    await app.services.repairs.submit(customerId, id);
    await app.services.repairs.setQuote({ repairId: id, quoteCents: 0, reason: null, staffUserId: 1 });
    const [, covered] = await mails(id);
    expect(covered!.subject).toBe(`Cairn Outdoor: your repair #${id} is covered by the warranty`);
    expect(covered!.text).not.toContain('repaircheckoutpayment');
  });

  it('a refused change sends nothing: submitting twice, quoting a paid repair', async () => {
    const id = await draft();
    await app.services.repairs.submit(customerId, id);
    await expect(app.services.repairs.submit(customerId, id)).rejects.toThrow();
    expect((await mails(id)).map((mail) => mail.template)).toEqual(['repair-submitted']);
  });
});
