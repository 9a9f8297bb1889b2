/**
 * Repair photos on several app servers (issue 23 §4, decision 084) and decoded and re-encoded on the way in
 * (issue 27 §6, decision 085), on PGlite and PostgreSQL: two repairs services ("servers") over one database, each
 * with the database adapter as configuration picks it, answer the repair API. Fixtures are made here with sharp;
 * what was stored is read from `repair_uploads` and decoded by sharp.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { fixedClock } from '../../server/clock';
import { productsHistory } from '../../server/checkout/order-history.server';
import { repairUserInfo } from '../../server/customers/repair-user-info.server';
import { customers } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createLogger } from '../../server/logger';
import { createRateLimiter } from '../../server/rate-limit/index.server';
import {
  createDatabaseStorage,
  createRepairsService,
  createUploadStorage,
  handleRepairApi,
  type RepairsService,
} from '../../server/repairs/index.server';
import { describeEachEngine } from '../helpers/database';

const TYPE_MESSAGE = 'Photos must be JPEG, PNG or WebP images.';
const PIXELS_MESSAGE = 'This photo has more than 50 megapixels. Please choose a smaller photo.';
const NO_PHOTO = 'This photo was not uploaded, or belongs to another customer.';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3d6b8f' }, limitInputPixels: false });
const latin1 = (text: string) => Buffer.from(text, 'latin1');

let png: Buffer;
let gpsJpeg: Buffer;
let polyglot: Buffer;
let bomb: Buffer;
const page = latin1('<html><script>fetch("/steal?c="+document.cookie)</script></html>');
/** An HTML page behind a JPEG signature: no image at all. */
const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), page]);

beforeAll(async () => {
  png = await solid(40, 30).png().toBuffer();
  gpsJpeg = await solid(64, 48)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 40/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '111/1 2/1 0/1',
      },
    })
    .toBuffer();
  const jpeg = await solid(64, 48).jpeg().toBuffer();
  // The page in a comment segment after the start of image, and after the end of image.
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, page.length + 2]), page]);
  polyglot = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2), page]);
  bomb = await solid(20000, 20000).png({ compressionLevel: 9 }).toBuffer();
});

describeEachEngine('repair photos on two servers', ({ database }) => {
  const clock = fixedClock(new Date('2026-11-28T12:00:00Z'));
  /** What each server logged. */
  const logged: Record<string, unknown>[][] = [[], []];
  let servers: RepairsService[];
  let casey: number;
  let caseyLine: number;

  beforeAll(async () => {
    const { db } = database();
    await seedDatabase(db, { products: 24 });
    servers = logged.map((lines) =>
      createRepairsService({
        db,
        clock,
        storage: createUploadStorage({ storage: 'database', db, dir: '/nonexistent' }),
        secret: 's'.repeat(48),
        orderHistory: (customerId) => productsHistory(db, customerId),
        userInfo: (customerId) => repairUserInfo(db, customerId),
        logger: createLogger({ sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }),
      }),
    );
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, 'consumer@example.com'));
    casey = row!.id;
    caseyLine = (await productsHistory(db, casey))[0]!.orderLineId;
  });

  /** One repair API call to server `on` (0 or 1) as Casey. */
  async function call(
    on: number,
    method: string,
    pathname: string,
    options: { body?: unknown; form?: FormData } = {},
  ) {
    const init: RequestInit = { method };
    if (options.body !== undefined) {
      init.body = JSON.stringify(options.body);
      init.headers = { 'Content-Type': 'application/json' };
    } else if (options.form) init.body = options.form;
    const response = await handleRepairApi(
      new Request(`http://store.test/api/repair-admin/${pathname}`, init),
      pathname,
      {
        repairs: servers[on]!,
        rateLimiter: createRateLimiter({ db: database().db, clock }),
        customerId: casey,
        signOutCookies: () => [],
      },
    );
    const json = (response.headers.get('Content-Type') ?? '').startsWith('application/json')
      ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
        ((await response.json()) as { data?: any; message?: string })
      : {};
    return { status: response.status, response, ...json };
  }

  /** Signs an upload on server `signOn` and sends the file to server `sendTo`. */
  async function upload(bytes: Buffer, type: string, extension: string, signOn = 0, sendTo = signOn) {
    const signed = await call(signOn, 'POST', 'signedUrl', {
      body: { image_type: type, image_name: 'photo', image_extension: extension },
    });
    expect(signed.status).toBe(200);
    const form = new FormData();
    for (const [field, value] of Object.entries(signed.data.fields as Record<string, string>))
      form.append(field, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), `photo.${extension}`);
    const sent = await call(sendTo, 'POST', 'upload', { form });
    return { ...sent, key: signed.data.fields.key as string };
  }

  async function newDraft(on: number) {
    const created = await call(on, 'POST', 'createRepair', {
      body: {
        repair: { reason_for_request: 'warranty' },
        product: { order_line_id: caseyLine },
        customer: {
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
        },
      },
    });
    expect(created.status).toBe(201);
    return created.data.id as number;
  }

  /** The bytes the store keeps under `key`, read from the database. */
  const stored = async (key: string) => (await createDatabaseStorage(database().db).get(key))?.bytes ?? null;

  test('a photo signed on one server, sent to the other, is served by both, to its owner and to the desk', async () => {
    const id = await newDraft(0);
    const sent = await upload(png, 'image/png', 'png', 0, 1);
    expect(sent.status).toBe(201);
    const attached = await call(0, 'PUT', `uploadRepairFiles/${id}`, {
      body: { files: [{ key: sent.key, name: 'tear.png' }] },
    });
    expect(attached.status).toBe(200);
    const fileId = attached.data.files[0].id as number;
    for (const on of [0, 1]) {
      const image = await call(on, 'GET', `repairFile/${fileId}`);
      expect([on, image.status, image.response.headers.get('Content-Type')]).toEqual([on, 200, 'image/png']);
      const metadata = await sharp(Buffer.from(await image.response.arrayBuffer())).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 40, 30]);
    }
    // The desk sees a submitted repair's photos on either server.
    await database().db.execute(sql`update repairs set status = 'submitted' where id = ${id}`);
    for (const server of servers) {
      const photo = await server.staffPhoto(fileId);
      expect(Buffer.from(photo.bytes).equals(Buffer.from((await stored(sent.key))!))).toBe(true);
    }
  });

  test('a photo whose row is gone answers 404 on every server, logged with its repair id and no key', async () => {
    const id = await newDraft(1);
    const sent = await upload(png, 'image/png', 'png', 1);
    const attached = await call(1, 'PUT', `uploadRepairFiles/${id}`, {
      body: { files: [{ key: sent.key, name: 'lost.png' }] },
    });
    const fileId = attached.data.files[0].id as number;
    await database().db.execute(sql`delete from repair_uploads where key = ${sent.key}`);
    for (const on of [0, 1]) {
      const gone = await call(on, 'GET', `repairFile/${fileId}`);
      expect([gone.status, gone.message]).toEqual([404, NO_PHOTO]);
      expect(logged[on]).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: 'repair photo missing from storage',
          repairId: id,
          fileId,
        }),
      );
      expect(JSON.stringify(logged[on])).not.toContain(sent.key);
      expect(JSON.stringify(logged[on])).not.toContain('consumer@example.com');
    }
  });

  test('what is stored is the photo re-encoded: a phone JPEG without its EXIF and GPS position', async () => {
    expect((await sharp(gpsJpeg).metadata()).exif?.includes(latin1('PhoneMaker'))).toBe(true);
    const sent = await upload(gpsJpeg, 'image/jpeg', 'jpg');
    expect(sent.status).toBe(201);
    const bytes = await stored(sent.key);
    const metadata = await sharp(bytes!).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      'jpeg',
      64,
      48,
      undefined,
    ]);
    expect(Buffer.from(bytes!).includes(latin1('PhoneMaker'))).toBe(false);
  });

  test('a JPEG/HTML polyglot is stored as a clean JPEG; an HTML page behind a JPEG signature is refused', async () => {
    const cleaned = await upload(polyglot, 'image/jpeg', 'jpg');
    expect(cleaned.status).toBe(201);
    const bytes = Buffer.from((await stored(cleaned.key))!);
    expect(bytes.toString('latin1')).not.toContain('<script');
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');

    const refused = await upload(fakeJpeg, 'image/jpeg', 'jpg');
    expect([refused.status, refused.message]).toEqual([415, TYPE_MESSAGE]);
    expect(await stored(refused.key)).toBeNull();
  });

  test('a 1.1 MB PNG of 20000×20000 pixels is refused with the pixel limit, and nothing is stored', async () => {
    expect(bomb.length).toBeLessThan(1_300_000);
    const refused = await upload(bomb, 'image/png', 'png');
    expect([refused.status, refused.message]).toEqual([413, PIXELS_MESSAGE]);
    expect(await stored(refused.key)).toBeNull();
  });

  test('the wizard without JavaScript attaches the good photos and names the refused ones', async () => {
    const id = await newDraft(0);
    const outcome = await servers[0]!.addPhotos(casey, id, null, [
      { name: 'phone.jpg', bytes: gpsJpeg },
      { name: 'huge.png', bytes: bomb },
      { name: 'page.jpg', bytes: fakeJpeg },
      { name: 'sleeve.png', bytes: png },
    ]);
    expect(outcome).toEqual({
      attached: ['phone.jpg', 'sleeve.png'],
      refused: [
        { name: 'huge.png', message: PIXELS_MESSAGE },
        { name: 'page.jpg', message: TYPE_MESSAGE },
      ],
    });
    const files = (await call(1, 'GET', `getRepair/${id}`)).data.files as { id: number; file_name: string }[];
    expect(files.map((file) => file.file_name)).toEqual(['phone.jpg', 'sleeve.png']);
    const phone = await call(1, 'GET', `repairFile/${files[0]!.id}`);
    const metadata = await sharp(Buffer.from(await phone.response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.exif]).toEqual(['jpeg', undefined]);
  });
});
