/**
 * The repair service API (SPEC §7 repair admin calls, §8 messages) over a seeded database on PGlite and PostgreSQL:
 * every call's happy path and its error message, another customer's repair (answered as a missing one, 404), no
 * token (401, which also signs the browser out), photo uploads checked by content and size, and submission.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixedClock } from '../../server/clock';
import { productsHistory } from '../../server/checkout/order-history.server';
import { writeRepairOrder } from '../../server/checkout/repair-payment.server';
import { repairUserInfo } from '../../server/customers/repair-user-info.server';
import { customers, orderLines, orders, repairReasons } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import { createLogger } from '../../server/logger';
import {
  createDiskStorage,
  createRepairsService,
  handleRepairApi,
  quoteInput,
  repairIdOf,
  statusInput,
  type RepairsService,
} from '../../server/repairs/index.server';
import { createPayRepairWorkflow, type PayRepairWorkflow } from '../../server/workflows/pay-repair.server';
import { describeEachEngine } from '../helpers/database';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** An 8×8 JPEG (photos are decoded and re-encoded, decision 085: the first bytes alone no longer pass). */
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMK' +
    'ChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAA' +
    'AAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oA' +
    'DAMBAAIRAxEAPwCcAJOH/9k=',
  'base64',
);

const SIGN_OUT = 'customer_token=;';

const customerInfo = {
  first_name: 'Casey',
  last_name: 'Consumer',
  phone: '(406)-555-0101',
  email: 'consumer@example.com',
  address1: '1200 Ridge Road',
  address2: '',
  city: 'Bozeman',
  state_or_province: 'Montana',
  postal_code: '59715',
  country: 'US',
};

describeEachEngine('repair service API', ({ database }) => {
  let repairs: RepairsService;
  let payRepair: PayRepairWorkflow;
  /** What the repairs service logged. */
  const logged: Record<string, unknown>[] = [];
  let uploads: string;
  let casey: number;
  let parker: number;
  let caseyLine: number;
  let parkerLine: number;
  /** Orders whose confirmation mail the repair payment asked for. */
  const confirmed: number[] = [];
  const clock = fixedClock(new Date('2026-11-23T12:00:00Z'));

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 24 });
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'repairs-api-'));
    repairs = createRepairsService({
      db,
      clock,
      storage: createDiskStorage(uploads),
      secret: 'x'.repeat(48),
      orderHistory: (customerId) => productsHistory(db, customerId),
      userInfo: (customerId) => repairUserInfo(db, customerId),
      logger: createLogger({ sink: (line) => logged.push(JSON.parse(line) as Record<string, unknown>) }),
    });
    payRepair = createPayRepairWorkflow({
      db,
      clock,
      repairs,
      checkout: {
        writeRepairOrder,
        confirmOrder: async (orderId) => {
          confirmed.push(orderId);
        },
      },
    });
    const ids = await db.select({ id: customers.id, email: customers.email }).from(customers);
    casey = ids.find((row) => row.email === 'consumer@example.com')!.id;
    parker = ids.find((row) => row.email === 'pro@example.com')!.id;
    caseyLine = (await productsHistory(db, casey))[0]!.orderLineId;
    parkerLine = (await productsHistory(db, parker))[0]!.orderLineId;
  });

  afterAll(() => {
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  /** The repair desk's forms and the payment page's, parsed as their routes parse them. */
  const quote = async (id: unknown, amount: unknown, reason?: unknown) =>
    repairs.setQuote({ ...quoteInput(id, amount, reason), staffUserId: 1 });
  const move = async (id: unknown, status: unknown) =>
    repairs.setStatus({ ...statusInput(id, status), staffUserId: 1 });
  const pay = async (customerId: number, id: unknown, input: Parameters<PayRepairWorkflow>[2]) =>
    payRepair(customerId, repairIdOf(id), input);

  /** One API call as `customerId` (null: no customer_token cookie). */
  async function call(
    method: string,
    pathname: string,
    options: { as?: number | null; body?: unknown; form?: FormData } = {},
  ) {
    const init: RequestInit = { method };
    if (options.body !== undefined) {
      init.body = JSON.stringify(options.body);
      init.headers = { 'Content-Type': 'application/json' };
    } else if (options.form) {
      init.body = options.form;
    }
    const request = new Request(`http://store.test/api/repair-admin/${pathname}`, init);
    const response = await handleRepairApi(request, pathname.split('?')[0]!, {
      repairs,
      rateLimiter: createRateLimiter({ db: database().db, clock }),
      customerId: options.as === undefined ? casey : options.as,
      signOutCookies: () => ['customer_token=; Max-Age=0; Path=/', 'customer_session=; Max-Age=0; Path=/'],
    });
    const type = response.headers.get('Content-Type') ?? '';
    const json = type.startsWith('application/json')
      ? // The replies of many calls, read loosely: each test states the fields it expects.
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        ((await response.json()) as { data?: any; message?: string; errors?: Record<string, string[]> })
      : {};
    return { status: response.status, response, ...json };
  }

  async function newDraft(as = casey, line = caseyLine) {
    const created = await call('POST', 'createRepair', {
      as,
      body: {
        repair: { reason_for_request: 'warranty' },
        product: { order_line_id: line },
        customer: as === casey ? customerInfo : { ...customerInfo, email: 'pro@example.com' },
      },
    });
    expect(created.status).toBe(201);
    return created.data.id as number;
  }

  async function uploadPhoto(bytes: Buffer, name: string, type = 'image/png', extension = 'png', as = casey) {
    const signed = await call('POST', 'signedUrl', {
      as,
      body: { image_type: type, image_name: name, image_extension: extension },
    });
    expect(signed.status).toBe(200);
    expect(signed.data.url).toBe('/api/repair-admin/upload');
    const form = new FormData();
    for (const [field, value] of Object.entries(signed.data.fields as Record<string, string>))
      form.append(field, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), `${name}.${extension}`);
    return call('POST', 'upload', { as, form });
  }

  test('without the customer token every customer call is a 401 with the SPEC message that signs the browser out', async () => {
    const calls: [string, string][] = [
      ['GET', 'getRepairList'],
      ['GET', 'getQuestionsList'],
      ['GET', 'getRepairQuestions/1'],
      ['GET', 'getRepair/1'],
      ['GET', 'getrepair/basic-detail/1'],
      ['POST', 'createRepair'],
      ['PUT', 'updateRepairProduct/1'],
      ['PUT', 'repair/customer-info/1'],
      ['PUT', 'repair/address-update-new/1'],
      ['POST', 'signedUrl'],
      ['POST', 'upload'],
      ['PUT', 'uploadRepairFiles/1'],
      ['PUT', 'updateRepairQuestions/1'],
      ['PUT', 'submitRepair/1'],
      ['PUT', 'updateRepairDamages/1'],
      ['GET', 'getRepairDamages/1'],
      ['DELETE', 'deletDamageDetails/1'],
      ['GET', 'repairFile/1'],
    ];
    for (const [method, pathname] of calls) {
      const reply = await call(method, pathname, {
        as: null,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect([pathname, reply.status, reply.message]).toEqual([
        pathname,
        401,
        'customer_token cookie not found. Authentification failed.',
      ]);
      expect(reply.response.headers.getSetCookie().some((cookie) => cookie.startsWith(SIGN_OUT))).toBe(true);
    }
  });

  test('the damage catalogue answers without sign-in', async () => {
    const issues = await call('GET', 'damageWarrantyissue', { as: null });
    expect(issues.status).toBe(200);
    expect(issues.data).toContainEqual({ id: 2, name: 'Zipper' });
    const specific = await call('GET', 'damageWarrantySpecificIssue/2', { as: null });
    expect(specific.data.map((item: { name: string }) => item.name)).toEqual([
      'Slider broken',
      'Teeth separating',
      'Pull tab missing',
    ]);
    const locations = await call('GET', 'damageWarrantyLocation/2', { as: null });
    expect(locations.data.length).toBe(15);
    expect(locations.data[0]).toEqual({ id: 1, name: 'Hood' });
    expect((await call('GET', 'damageWarrantyLocation/abc', { as: null })).status).toBe(400);
  });

  test('createRepair needs repair, product and customer data; the product must be in the order history', async () => {
    for (const body of [
      undefined,
      {},
      { repair: {}, product: { order_line_id: caseyLine } },
      { product: {}, customer: customerInfo },
    ]) {
      const reply = await call('POST', 'createRepair', { body });
      expect([reply.status, reply.message]).toEqual([400, 'Please provide repair data']);
    }
    const notJson = await call('POST', 'createRepair', { form: new FormData() });
    expect([notJson.status, notJson.message]).toEqual([400, 'Please provide repair data']);
    const someoneElses = await call('POST', 'createRepair', {
      body: { repair: {}, product: { order_line_id: parkerLine }, customer: customerInfo },
    });
    expect([someoneElses.status, someoneElses.message]).toEqual([
      400,
      'This product is not in your order history.',
    ]);
    const badPhone = await call('POST', 'createRepair', {
      body: {
        repair: {},
        product: { order_line_id: caseyLine },
        customer: { ...customerInfo, phone: '4065550101' },
      },
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.errors).toEqual({ phone: ['Phone Number should match this format: (123)-456-7890'] });

    const id = await newDraft();
    const repair = await call('GET', `getRepair/${id}`);
    expect(repair.status).toBe(200);
    expect(repair.data).toMatchObject({
      id,
      status: 'draft',
      reason_for_request: 'warranty',
      product: { source: 'order', order_line_id: caseyLine },
      customer: customerInfo,
      damages: [],
    });
    expect(repair.data.product.name).not.toBe('');

    const described = await call('POST', 'createRepair', {
      body: {
        repair: {},
        product: { name: 'Old hunting jacket', color: 'Optifade', description: 'Bought in 2019' },
        customer: customerInfo,
      },
    });
    expect(described.status).toBe(201);
    expect(described.data.product).toMatchObject({
      source: 'described',
      name: 'Old hunting jacket',
      order_line_id: null,
    });
  });

  test('list, basic detail and questions of the customer’s own repairs', async () => {
    const id = await newDraft();
    const list = await call('GET', 'getRepairList');
    expect(list.status).toBe(200);
    expect(
      list.data.some((item: { id: number; status: string }) => item.id === id && item.status === 'draft'),
    ).toBe(true);
    expect(
      (await call('GET', 'getRepairList', { as: parker })).data.some(
        (item: { id: number }) => item.id === id,
      ),
    ).toBe(false);
    const basic = await call('GET', `getrepair/basic-detail/${id}`);
    expect(basic.data).toMatchObject({ id, status: 'draft', submitted_at: null });
    const questionsList = await call('GET', 'getQuestionsList');
    expect(questionsList.data.map((q: { id: number }) => q.id)).toEqual([1, 2, 3]);
    const questions = await call('GET', `getRepairQuestions/${id}`);
    expect(questions.data.map((q: { answer: string | null }) => q.answer)).toEqual([null, null, null]);
  });

  test('a call without a repair id answers the SPEC message for it', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', 'getRepair', undefined, 'Please provide repair id'],
      ['GET', 'getRepair/', undefined, 'Please provide repair id'],
      ['GET', 'getRepair/abc', undefined, 'Please provide repair id'],
      ['GET', 'getRepairQuestions', undefined, 'Please provide repair id'],
      ['GET', 'getrepair/basic-detail', undefined, 'Please provide repair id'],
      ['GET', 'getRepairDamages', undefined, 'Please provide repair id'],
      ['PUT', 'updateRepairProduct', { order_line_id: caseyLine }, 'Please provide repair id'],
      ['PUT', 'repair/customer-info', customerInfo, 'Please provide repair id'],
      ['PUT', 'repair/address-update-new', customerInfo, 'Please provide repair id'],
      ['PUT', 'submitRepair', undefined, 'Please provide repair id'],
      ['PUT', 'updateRepairDamages', { damages: [] }, 'Please provide repair id'],
      ['PUT', 'uploadRepairFiles', { files: [] }, 'Please provide files and repair id'],
      ['PUT', 'updateRepairQuestions', { questions: [] }, 'Please provide questions and repair id'],
      ['DELETE', 'deletDamageDetails', undefined, 'Please provide damage id'],
      ['DELETE', 'deletDamageDetails/0', undefined, 'Please provide damage id'],
    ];
    for (const [method, pathname, body, message] of cases) {
      const reply = await call(method, pathname, { body });
      expect([pathname, reply.status, reply.message]).toEqual([pathname, 400, message]);
    }
  });

  test('another customer’s repair answers exactly as a missing one, on every call that names it', async () => {
    const id = await newDraft(parker, parkerLine);
    const damage = await call('PUT', `updateRepairDamages/${id}`, {
      as: parker,
      body: { damages: [{ issue_id: 1, description: 'Torn on a fence' }] },
    });
    const damageId = damage.data.saved[0] as number;
    const photo = await uploadPhoto(PNG, 'tear', 'image/png', 'png', parker);
    await call('PUT', `uploadRepairFiles/${id}`, {
      as: parker,
      body: { files: [{ key: photo.data.key, name: 'tear.png', damage_id: damageId }] },
    });
    const fileId = (await call('GET', `getRepair/${id}`, { as: parker })).data.damages[0].photos[0]
      .id as number;
    // Ids no one has: what a caller gets for something that is not there.
    const none = 999_999;
    const cases: [string, (repair: number, damage: number, file: number) => string, unknown][] = [
      ['GET', (r) => `getRepair/${r}`, undefined],
      ['GET', (r) => `getRepairQuestions/${r}`, undefined],
      ['GET', (r) => `getrepair/basic-detail/${r}`, undefined],
      ['GET', (r) => `getRepairDamages/${r}`, undefined],
      ['GET', (r) => `getcheckoutpaymenturl/${r}`, undefined],
      ['PUT', (r) => `updateRepairProduct/${r}`, { order_line_id: caseyLine }],
      ['PUT', (r) => `repair/customer-info/${r}`, customerInfo],
      ['PUT', (r) => `repair/address-update-new/${r}`, customerInfo],
      ['PUT', (r) => `updateRepairDamages/${r}`, { damages: [{ issue_id: 1, description: 'x' }] }],
      ['PUT', (r) => `updateRepairQuestions/${r}`, { questions: [{ question_id: 1, answer: 'No' }] }],
      ['PUT', (r) => `uploadRepairFiles/${r}`, { files: [{ key: 'c1/aaaaaaaaaaaaaaaaaaaaaa.png' }] }],
      ['PUT', (r) => `submitRepair/${r}`, undefined],
      ['DELETE', (_r, d) => `deletDamageDetails/${d}`, undefined],
      ['DELETE', (_r, _d, f) => `repairFile/${f}`, undefined],
      ['GET', (_r, _d, f) => `repairFile/${f}`, undefined],
    ];
    for (const [method, path, body] of cases) {
      const others = await call(method, path(id, damageId, fileId), { as: casey, body });
      const missing = await call(method, path(none, none, none), { as: casey, body });
      expect([path(id, damageId, fileId), others.status, others.message]).toEqual([
        path(id, damageId, fileId),
        missing.status,
        missing.message,
      ]);
      expect(others.status).toBe(404);
    }
    // The messages a missing thing answers with (literals, not read from the code under test).
    expect((await call('GET', `getRepair/${id}`, { as: casey })).message).toBe('Repair not found.');
    expect((await call('DELETE', `deletDamageDetails/${damageId}`, { as: casey })).message).toBe(
      'Damage not found.',
    );
    expect((await call('GET', `repairFile/${fileId}`, { as: casey })).message).toBe(
      'This photo was not uploaded, or belongs to another customer.',
    );
    // Nothing changed.
    const after = await call('GET', `getRepair/${id}`, { as: parker });
    expect(after.data.damages).toHaveLength(1);
    expect(after.data.damages[0].photos).toHaveLength(1);
  });

  test('a photo whose stored object is gone answers as no photo, and the log names its repair', async () => {
    const id = await newDraft();
    const photo = await uploadPhoto(PNG, 'lost', 'image/png', 'png');
    await call('PUT', `uploadRepairFiles/${id}`, {
      body: { files: [{ key: photo.data.key, name: 'lost.png' }] },
    });
    const fileId = (await call('GET', `getRepair/${id}`)).data.files[0].id as number;
    expect((await call('GET', `repairFile/${fileId}`)).status).toBe(200);
    fs.rmSync(path.join(uploads, ...(photo.data.key as string).split('/')));
    const gone = await call('GET', `repairFile/${fileId}`);
    expect([gone.status, gone.message]).toEqual([
      404,
      'This photo was not uploaded, or belongs to another customer.',
    ]);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'repair photo missing from storage',
        repairId: id,
        fileId,
      }),
    );
    // The key names the customer (c<id>/…): it stays out of the log.
    expect(JSON.stringify(logged)).not.toContain(photo.data.key);
  });

  test('product, contact details and return address are updated on a draft', async () => {
    const id = await newDraft();
    const line2 = (await productsHistory(database().db, casey))[1]!.orderLineId;
    const product = await call('PUT', `updateRepairProduct/${id}`, { body: { order_line_id: line2 } });
    expect(product.data.product.order_line_id).toBe(line2);
    expect((await call('PUT', `updateRepairProduct/${id}`, { body: 'nope' })).message).toBe(
      'Please provide repair data',
    );

    const info = await call('PUT', `repair/customer-info/${id}`, {
      body: { first_name: 'Cass', last_name: 'Consumer', phone: '(406)-555-0199', email: 'cass@example.com' },
    });
    expect(info.data.customer).toMatchObject({
      first_name: 'Cass',
      phone: '(406)-555-0199',
      city: 'Bozeman',
    });
    const badName = await call('PUT', `repair/customer-info/${id}`, {
      body: { ...customerInfo, first_name: 'C4ss' },
    });
    expect([badName.status, badName.errors]).toEqual([400, { first_name: ['Please enter valid name'] }]);

    const address = await call('PUT', `repair/address-update-new/${id}`, {
      body: { address1: '9 Elk Way', city: 'Missoula', state_or_province: 'Montana', postal_code: '59801' },
    });
    expect(address.data.customer).toMatchObject({
      first_name: 'Cass',
      address1: '9 Elk Way',
      city: 'Missoula',
      country: 'US',
    });
    expect((await call('PUT', `repair/address-update-new/${id}`, {})).message).toBe(
      'Please provide repair data',
    );
  });

  test('photos: signed upload checked by content and size, attached to a damage, removable', async () => {
    const id = await newDraft();
    expect((await call('POST', 'signedUrl', { body: {} })).message).toBe(
      'Please provide params to upload image',
    );
    expect((await call('POST', 'signedUrl')).message).toBe('Please provide params to upload image');
    const wrongExtension = await call('POST', 'signedUrl', {
      body: { image_type: 'image/png', image_name: 'x', image_extension: 'exe' },
    });
    expect([wrongExtension.status, wrongExtension.message]).toEqual([
      415,
      'Photos must be JPEG, PNG or WebP images.',
    ]);

    // An HTML page named .png is refused by its content.
    const html = await uploadPhoto(Buffer.from('<html><script>alert(1)</script></html>'), 'evil');
    expect([html.status, html.message]).toEqual([415, 'Photos must be JPEG, PNG or WebP images.']);
    // A JPEG sent for a PNG signature is refused too.
    const mismatch = await uploadPhoto(JPEG, 'mismatch');
    expect(mismatch.status).toBe(415);
    // Over 8 MB: 413 with a clear message.
    const large = await uploadPhoto(Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]), 'large');
    expect([large.status, large.message]).toEqual([
      413,
      'This photo is larger than 8 MB. Please choose a smaller photo.',
    ]);

    // No file.
    const signed = await call('POST', 'signedUrl', {
      body: { image_type: 'image/png', image_name: 'x', image_extension: 'png' },
    });
    const noFile = new FormData();
    for (const [field, value] of Object.entries(signed.data.fields as Record<string, string>))
      noFile.append(field, value);
    expect((await call('POST', 'upload', { form: noFile })).message).toBe('Please provide file to upload');
    // Tampered signature.
    const tampered = new FormData();
    for (const [field, value] of Object.entries(signed.data.fields as Record<string, string>))
      tampered.append(field, field === 'content_type' ? 'image/jpeg' : value);
    tampered.append('file', new Blob([new Uint8Array(JPEG)]), 'x.jpg');
    expect((await call('POST', 'upload', { form: tampered })).status).toBe(403);

    const damages = await call('PUT', `updateRepairDamages/${id}`, {
      body: {
        damages: [{ issue_id: 2, specific_issue_id: 201, location_id: 3, description: 'Slider came off' }],
      },
    });
    expect(damages.status).toBe(200);
    const damageId = damages.data.saved[0] as number;
    const first = await uploadPhoto(PNG, 'zip-1');
    const second = await uploadPhoto(JPEG, 'zip-2', 'image/jpeg', 'jpg');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await call('PUT', `uploadRepairFiles/${id}`, { body: { files: [] } })).message).toBe(
      'Please provide files and repair id',
    );
    const attached = await call('PUT', `uploadRepairFiles/${id}`, {
      body: {
        files: [
          { key: first.data.key, name: 'zip-1.png', damage_id: damageId },
          { key: second.data.key, name: 'zip-2.jpg', damage_id: damageId },
        ],
      },
    });
    expect(attached.status).toBe(200);
    const photos = attached.data.damages[0].photos as {
      id: number;
      content_type: string;
      file_name: string;
    }[];
    expect(photos.map((photo) => [photo.file_name, photo.content_type])).toEqual([
      ['zip-1.png', 'image/png'],
      ['zip-2.jpg', 'image/jpeg'],
    ]);
    // A key cannot be attached twice, nor someone else's.
    expect(
      (await call('PUT', `uploadRepairFiles/${id}`, { body: { files: [{ key: first.data.key }] } })).status,
    ).toBe(409);
    const parkersPhoto = await uploadPhoto(PNG, 'p', 'image/png', 'png', parker);
    expect(
      (await call('PUT', `uploadRepairFiles/${id}`, { body: { files: [{ key: parkersPhoto.data.key }] } }))
        .message,
    ).toBe('This photo was not uploaded, or belongs to another customer.');

    // The owner gets the photo as an image that cannot run as a page.
    const image = await call('GET', `repairFile/${photos[0]!.id}`);
    expect(image.status).toBe(200);
    expect(image.response.headers.get('Content-Type')).toBe('image/png');
    expect(image.response.headers.get('Content-Security-Policy')).toContain('sandbox');
    // What was stored is the photo re-encoded (decision 085): still a 1×1 PNG.
    const served = await sharp(Buffer.from(await image.response.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(['png', 1, 1]);

    // Removing a photo removes its file.
    const removed = await call('DELETE', `repairFile/${photos[0]!.id}`);
    expect(removed.status).toBe(200);
    expect(fs.existsSync(path.join(uploads, ...first.data.key.split('/')))).toBe(false);
    expect((await call('GET', `getRepairDamages/${id}`)).data[0].photos).toHaveLength(1);

    // Removing the damage removes its photos.
    expect((await call('DELETE', `deletDamageDetails/${damageId}`)).status).toBe(200);
    expect((await call('GET', `getRepairDamages/${id}`)).data).toEqual([]);
    expect(fs.existsSync(path.join(uploads, ...second.data.key.split('/')))).toBe(false);
    expect((await call('DELETE', `deletDamageDetails/${damageId}`)).status).toBe(404);
  });

  test('damages and questions are validated against the catalogue and the questions list', async () => {
    const id = await newDraft();
    expect((await call('PUT', `updateRepairDamages/${id}`, { body: {} })).message).toBe(
      'Please provide repair data',
    );
    const unknown = await call('PUT', `updateRepairDamages/${id}`, {
      body: { damages: [{ issue_id: 1, specific_issue_id: 201, description: 'x' }] },
    });
    expect([unknown.status, unknown.message]).toEqual([400, 'Please choose an issue from the list.']);
    const saved = await call('PUT', `updateRepairDamages/${id}`, {
      body: { damages: [{ issue_id: 1, description: 'Hole' }] },
    });
    const damageId = saved.data.saved[0];
    const edited = await call('PUT', `updateRepairDamages/${id}`, {
      body: {
        damages: [{ id: damageId, issue_id: 1, specific_issue_id: 101, description: 'Hole from a branch' }],
      },
    });
    expect(edited.data.damages).toMatchObject([
      { id: damageId, label: 'Tear or hole · Snag or puncture', description: 'Hole from a branch' },
    ]);

    expect((await call('PUT', `updateRepairQuestions/${id}`, { body: {} })).message).toBe(
      'Please provide questions and repair id',
    );
    expect(
      (
        await call('PUT', `updateRepairQuestions/${id}`, {
          body: { questions: [{ question_id: 99, answer: 'x' }] },
        })
      ).message,
    ).toBe('Please provide questions and repair id');
    const answered = await call('PUT', `updateRepairQuestions/${id}`, {
      body: {
        questions: [
          { question_id: 1, answer: 'No' },
          { question_id: 2, answer: 'Yes' },
        ],
      },
    });
    expect(answered.data.questions).toEqual([
      { question_id: 1, answer: 'No' },
      { question_id: 2, answer: 'Yes' },
    ]);
  });

  test('submitRepair: an incomplete draft is refused, a complete one is submitted once and then frozen', async () => {
    const id = await newDraft();
    const incomplete = await call('PUT', `submitRepair/${id}`);
    expect([incomplete.status, incomplete.message]).toEqual([
      400,
      'Please complete every step before submitting your repair.',
    ]);
    expect(Object.keys(incomplete.errors ?? {}).sort()).toEqual(['damages', 'questions']);
    await call('PUT', `updateRepairDamages/${id}`, {
      body: { damages: [{ issue_id: 3, description: 'Seam open at the knee' }] },
    });
    await call('PUT', `updateRepairQuestions/${id}`, {
      body: {
        questions: [
          { question_id: 1, answer: 'No' },
          { question_id: 2, answer: 'Yes' },
        ],
      },
    });
    const submitted = await call('PUT', `submitRepair/${id}`);
    expect(submitted.status).toBe(200);
    expect(submitted.data).toMatchObject({
      id,
      status: 'submitted',
      submitted_at: '2026-11-23T12:00:00.000Z',
    });
    const again = await call('PUT', `submitRepair/${id}`);
    expect([again.status, again.message]).toEqual([
      409,
      'This repair has been submitted and can no longer be changed.',
    ]);
    expect(
      (
        await call('PUT', `updateRepairDamages/${id}`, {
          body: { damages: [{ issue_id: 1, description: 'x' }] },
        })
      ).status,
    ).toBe(409);
    // No draft is left of it; the list shows it submitted.
    const draft = await repairs.currentDraft(casey);
    expect(draft?.id).not.toBe(id);
    const list = await call('GET', 'getRepairList?status=submitted');
    expect(list.data.map((item: { id: number }) => item.id)).toContain(id);

    // The repair desk sees it and moves it on.
    expect((await repairs.staffList()).some((repair) => repair.id === id)).toBe(true);
    expect((await move(id, 'received')).status).toBe('received');
    await expect(move(id, 'draft')).rejects.toMatchObject({ status: 400 });
    expect((await call('GET', `getrepair/basic-detail/${id}`)).data.status).toBe('received');
  });

  /** A draft made complete and submitted through the API, as the wizard would. */
  async function submittedRepair(as = casey, line = caseyLine) {
    const id = await newDraft(as, line);
    await call('PUT', `updateRepairDamages/${id}`, {
      as,
      body: { damages: [{ issue_id: 3, description: 'Seam open at the knee' }] },
    });
    await call('PUT', `updateRepairQuestions/${id}`, {
      as,
      body: {
        questions: [
          { question_id: 1, answer: 'No' },
          { question_id: 2, answer: 'Yes' },
        ],
      },
    });
    expect((await call('PUT', `submitRepair/${id}`, { as })).status).toBe(200);
    return id;
  }

  const billing = {
    email: 'Consumer@Example.com',
    address: {
      firstName: 'Casey',
      lastName: 'Consumer',
      address1: '1200 Ridge Road',
      address2: '',
      city: 'Bozeman',
      countryCode: 'US',
      stateOrProvince: 'MT',
      postalCode: '59715',
    },
  };

  test('paid repairs: the desk quotes, getcheckoutpaymenturl answers the payment path, paying writes one order', async () => {
    const id = await submittedRepair();
    // Before a quote there is nothing to pay.
    const early = await call('GET', `getcheckoutpaymenturl/${id}`);
    expect([early.status, early.message]).toEqual([409, 'This repair has no payment due.']);
    expect((await call('GET', `getRepair/${id}`)).data).toMatchObject({
      quote_cents: null,
      payment: 'none',
      payment_url: null,
    });

    // The desk's quote in dollars; a bad amount is refused with its message.
    for (const amount of ['', 'free', '-5', '2000.01', '4.999']) {
      await expect(quote(id, amount)).rejects.toMatchObject({
        status: 400,
        message: 'Please enter the quote in dollars between 0 and 2,000, for example 45.00.',
      });
    }
    // The customer asked under the warranty: a covered reason is quoted at 0 unless the desk names another reason.
    await expect(quote(id, '45.50')).rejects.toMatchObject({
      status: 400,
      message:
        'The warranty covers this reason for a request: quote 0, or choose the reason the repair is not covered for.',
    });
    // The desk's form sends null for "keep the customer's reason".
    await expect(quote(id, '45.50', null)).rejects.toMatchObject({ status: 400 });
    await expect(quote(id, '45.50', 'not-a-reason')).rejects.toMatchObject({
      status: 400,
      message: 'Please choose a reason for your request from the list.',
    });
    expect((await call('GET', `getRepair/${id}`)).data).toMatchObject({
      status: 'submitted',
      quote_cents: null,
    });
    const quoted = await quote(id, '45.50', 'wear-and-tear');
    expect(quoted).toMatchObject({
      status: 'quoted',
      quote_cents: 4550,
      payment: 'due',
      reason_for_request: 'wear-and-tear',
      reason: { code: 'wear-and-tear', name: 'Wear and tear', covered: false },
    });

    const url = await call('GET', `getcheckoutpaymenturl/${id}`);
    expect([url.status, url.data]).toEqual([200, { checkout_url: `/checkout/repaircheckoutpayment/${id}` }]);
    const list = await call('GET', 'getRepairList');
    expect(list.data.find((item: { id: number }) => item.id === id)).toMatchObject({
      status: 'quoted',
      quote_cents: 4550,
      payment: 'due',
      payment_url: `/checkout/repaircheckoutpayment/${id}`,
    });

    // Another customer can neither see where to pay nor pay.
    const other = await call('GET', `getcheckoutpaymenturl/${id}`, { as: parker });
    expect([other.status, other.message]).toEqual([404, 'Repair not found.']);
    await expect(pay(parker, id, billing)).rejects.toMatchObject({
      status: 404,
      message: 'Repair not found.',
    });
    const anonymous = await call('GET', `getcheckoutpaymenturl/${id}`, { as: null });
    expect([anonymous.status, anonymous.message]).toEqual([
      401,
      'customer_token cookie not found. Authentification failed.',
    ]);
    const noId = await call('GET', 'getcheckoutpaymenturl/');
    expect([noId.status, noId.message]).toEqual([400, 'Please provide repair id']);

    // Two payments at once: one order, both answers name it; the repair shows paid.
    const before = confirmed.length;
    const [first, second] = await Promise.all([pay(casey, id, billing), pay(casey, id, billing)]);
    expect(first.orderId).toBe(second.orderId);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(confirmed.slice(before)).toEqual([first.orderId]);
    const { db } = database();
    const paidOrders = await db.select().from(orders).where(eq(orders.customerId, casey));
    const order = paidOrders.find((row) => row.id === first.orderId)!;
    expect(order).toMatchObject({
      status: 'awaiting_payment',
      email: 'consumer@example.com',
      subtotalCents: 4550,
      totalCents: 4550,
      idempotencyKey: `repair-payment:${id}`,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => [line.sku, line.quantity, line.unitPriceCents])).toEqual([
      [`REPAIR-${id}`, 1, 4550],
    ]);
    expect(lines[0]!.name).toMatch(new RegExp(`^Warranty repair #${id}: .+`));
    const paid = await call('GET', `getRepair/${id}`);
    expect(paid.data).toMatchObject({
      payment: 'paid',
      payment_order_id: order.id,
      paid_at: '2026-11-23T12:00:00.000Z',
      payment_url: null,
    });
    const after = await call('GET', `getcheckoutpaymenturl/${id}`);
    expect([after.status, after.message]).toEqual([409, 'This repair has no payment due.']);
    // A paid quote stays; the repair's payment line is not a product to repair.
    await expect(quote(id, '10')).rejects.toMatchObject({
      status: 409,
      message: 'This repair is paid; its quote can no longer change.',
    });
    expect((await productsHistory(db, casey)).some((line) => line.sku === `REPAIR-${id}`)).toBe(false);
    expect((await move(id, 'in_repair')).payment).toBe('paid');
  });

  test('paid repairs: a quote of 0 is covered by the warranty, and a draft cannot be quoted', async () => {
    const id = await submittedRepair();
    expect(await quote(id, '0')).toMatchObject({ quote_cents: 0, payment: 'covered' });
    await expect(pay(casey, id, billing)).rejects.toMatchObject({
      status: 409,
      message: 'This repair has no payment due.',
    });
    const draft = await newDraft();
    await expect(quote(draft, '45')).rejects.toMatchObject({
      status: 409,
      message: 'Only a submitted repair can be quoted.',
    });
    await expect(quote('x', '45')).rejects.toMatchObject({
      status: 400,
      message: 'Please provide repair id',
    });
    await expect(quote(2_000_000, '45')).rejects.toMatchObject({ status: 404 });
  });

  test('GET reason-for-request: the seeded list, with or without sign-in; a repair names one of its reasons', async () => {
    const list = [
      { id: 1, code: 'warranty', name: 'A defect in materials or workmanship (warranty)', covered: true },
      { id: 2, code: 'wear-and-tear', name: 'Wear and tear', covered: false },
      { id: 3, code: 'accidental-damage', name: 'Accidental damage (a tear, burn or snag)', covered: false },
      { id: 4, code: 'alteration', name: 'An alteration or a custom fit', covered: false },
    ];
    for (const as of [null, casey]) {
      const reply = await call('GET', 'reason-for-request', { as });
      expect([reply.status, reply.data]).toEqual([200, list]);
      expect(reply.response.headers.get('Cache-Control')).toBe('private, no-store');
    }
    const wrong = await call('POST', 'reason-for-request', { body: {} });
    expect([wrong.status, wrong.response.headers.get('Allow')]).toEqual([405, 'GET']);

    // createRepair takes a code of the list (or none); anything else is refused, naming the field.
    for (const reason of ['Because', 'WARRANTY ', 42, { code: 'warranty' }]) {
      const refused = await call('POST', 'createRepair', {
        body: {
          repair: { reason_for_request: reason },
          product: { order_line_id: caseyLine },
          customer: customerInfo,
        },
      });
      expect([refused.status, refused.message, refused.errors]).toEqual([
        400,
        'Please choose a reason for your request from the list.',
        { reason_for_request: ['Please choose a reason for your request from the list.'] },
      ]);
    }
    const created = await call('POST', 'createRepair', {
      body: {
        repair: { reason_for_request: 'alteration' },
        product: { order_line_id: caseyLine },
        customer: customerInfo,
      },
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ reason_for_request: 'alteration', reason: list[3] });
    const none = await call('POST', 'createRepair', {
      body: {
        repair: { reason_for_request: '' },
        product: { order_line_id: caseyLine },
        customer: customerInfo,
      },
    });
    expect(none.data).toMatchObject({ reason_for_request: null, reason: null });

    // The wizard's step 1 saves the reason with the product; it must be one of the list's.
    await expect(
      repairs.saveDraftProduct(casey, { order_line_id: caseyLine }, { reason: 'free text' }),
    ).rejects.toMatchObject({ status: 400, fieldErrors: { reason_for_request: [expect.any(String)] } });
    await expect(
      repairs.saveDraftProduct(casey, { order_line_id: caseyLine }, { reason: undefined }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Please choose a reason for your request from the list.',
    });
    const saved = await repairs.saveDraftProduct(
      casey,
      { order_line_id: caseyLine },
      { reason: 'wear-and-tear' },
    );
    expect(saved).toMatchObject({ reason_for_request: 'wear-and-tear', reason: list[1] });

    // A reason the desk retires leaves the list and can no longer be chosen; a repair that names it keeps it.
    const { db } = database();
    await db.update(repairReasons).set({ active: false }).where(eq(repairReasons.code, 'alteration'));
    try {
      expect((await call('GET', 'reason-for-request')).data).toEqual(list.slice(0, 3));
      const retired = await call('POST', 'createRepair', {
        body: {
          repair: { reason_for_request: 'alteration' },
          product: { order_line_id: caseyLine },
          customer: customerInfo,
        },
      });
      expect([retired.status, retired.message]).toEqual([
        400,
        'Please choose a reason for your request from the list.',
      ]);
      expect((await call('GET', `getRepair/${created.data.id}`)).data.reason).toEqual(list[3]);
    } finally {
      await db.update(repairReasons).set({ active: true }).where(eq(repairReasons.code, 'alteration'));
    }
  });

  test('unknown calls and wrong methods are 404 and 405, never 500', async () => {
    expect((await call('GET', 'dropTables')).status).toBe(404);
    const wrong = await call('GET', 'createRepair');
    expect([wrong.status, wrong.response.headers.get('Allow')]).toEqual([405, 'POST']);
  });

  test('the seeded demo accounts have an order history to pick from', async () => {
    const history = await productsHistory(database().db, casey);
    expect(history.length).toBe(4);
    expect(history.every((line) => line.name !== '' && line.sku.split('-').length === 3)).toBe(true);
    const [row] = await database().db.select().from(customers).where(eq(customers.id, casey));
    expect(row?.email).toBe('consumer@example.com');
  });
});
