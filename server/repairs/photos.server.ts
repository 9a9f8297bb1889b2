/**
 * Photos of a repair's damages: signed upload URLs and the upload they sign (SPEC §7 `signedUrl`, then "a form
 * upload of the file to the returned url"), attaching uploads to a draft, the wizard's photos without JavaScript,
 * reading a photo (its owner, or the repair desk) and deleting one. What is stored is the photo decoded and
 * re-encoded without its metadata (decision 085), behind the `UploadStorage` port (decisions 066 and 084); the
 * database keeps which key belongs to which repair.
 */
import crypto from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/database.server';
import type { Logger } from '../logger';
import { isUniqueViolation, RepairError } from './errors';
import { PHOTO_TYPE_MESSAGE, photoPixelsMessage, photoTooLargeMessage, REPAIR_MESSAGES } from './messages';
import {
  checkPhoto,
  displayFileName,
  isPhotoType,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_PHOTOS_PER_DAMAGE,
  sniffPhotoType,
  STORED_EXTENSION,
} from './photos';
import { rewritePhoto } from './photos-image.server';
import type { Records, RepairRow } from './records.server';
import type { SignedUploadFields, SignUploadInput } from './requests';
import { repairDamages, repairFiles, repairs } from './schema';
import type { PhotoFile, RepairDetail, SignedUpload } from './types';
import { isStorageKey, keyOwner, newStorageKey, type UploadStorage } from './upload-storage';
import type { FileInput } from './validation';

const UPLOAD_URL = '/api/repair-admin/upload';
const UPLOAD_TTL_MS = 15 * 60_000;

export type PhotosService = ReturnType<typeof createPhotosService>;

export function createPhotosService(deps: {
  db: Database;
  clock: Clock;
  storage: UploadStorage;
  records: Records;
  logger: Pick<Logger, 'warn'>;
  /** Signs upload URLs. */
  secret: string;
}) {
  const { db, clock, storage, records } = deps;

  function sign(customerId: number, key: string, type: string, expires: string): string {
    return crypto
      .createHmac('sha256', deps.secret)
      .update(`repair-upload\n${customerId}\n${key}\n${type}\n${expires}`)
      .digest('base64url');
  }

  /**
   * A stored photo of repair `repairId`; a row whose object is gone is logged (the repair and file ids only: the
   * key names the customer) and answers as no photo.
   */
  async function read(
    repairId: number,
    fileId: number,
    file: { key: string; contentType: string },
  ): Promise<PhotoFile> {
    const stored = await storage.get(file.key);
    if (!stored) {
      deps.logger.warn('repair photo missing from storage', { repairId, fileId });
      throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
    }
    return { bytes: stored.bytes, contentType: file.contentType };
  }

  /** The photo `fileId` of the customer's own repair (another's answers as a missing photo). */
  async function ownFile(customerId: number, fileId: number, options: { draft?: boolean } = {}) {
    const missing = () => new RepairError(404, REPAIR_MESSAGES.unknownUpload);
    const [file] = await db.select().from(repairFiles).where(eq(repairFiles.id, fileId)).limit(1);
    if (!file) throw missing();
    await records.owned(customerId, file.repairId, { ...options, missing });
    return file;
  }

  /** The upload decoded and re-encoded without metadata (decision 085), or the 4xx that refuses it. */
  async function rewritten(bytes: Uint8Array): Promise<Uint8Array> {
    const photo = await rewritePhoto(bytes);
    if (photo.ok) return photo.bytes;
    if (photo.reason === 'too-many-pixels') throw new RepairError(413, photoPixelsMessage(MAX_PHOTO_PIXELS));
    throw new RepairError(415, PHOTO_TYPE_MESSAGE);
  }

  async function attach(
    customerId: number,
    repair: RepairRow,
    files: { key: string; name: string; damageId: number | null }[],
  ): Promise<void> {
    const damageIds = [
      ...new Set(files.map((file) => file.damageId).filter((id): id is number => id !== null)),
    ];
    if (damageIds.length > 0) {
      const found = await db
        .select({ id: repairDamages.id })
        .from(repairDamages)
        .where(and(eq(repairDamages.repairId, repair.id), inArray(repairDamages.id, damageIds)));
      if (found.length !== damageIds.length) throw new RepairError(404, REPAIR_MESSAGES.damageNotFound);
      const counts = await db
        .select({ damageId: repairFiles.damageId, photos: count() })
        .from(repairFiles)
        .where(inArray(repairFiles.damageId, damageIds))
        .groupBy(repairFiles.damageId);
      for (const damageId of damageIds) {
        const existing = counts.find((row) => row.damageId === damageId)?.photos ?? 0;
        const adding = files.filter((file) => file.damageId === damageId).length;
        if (existing + adding > MAX_PHOTOS_PER_DAMAGE)
          throw new RepairError(400, REPAIR_MESSAGES.tooManyPhotos);
      }
    }
    const rows: (typeof repairFiles.$inferInsert)[] = [];
    for (const file of files) {
      if (!isStorageKey(file.key) || keyOwner(file.key) !== customerId)
        throw new RepairError(400, REPAIR_MESSAGES.unknownUpload);
      const stored = await storage.get(file.key);
      if (!stored) throw new RepairError(400, REPAIR_MESSAGES.unknownUpload);
      const type = sniffPhotoType(stored.bytes);
      if (!type) throw new RepairError(415, PHOTO_TYPE_MESSAGE);
      rows.push({
        repairId: repair.id,
        damageId: file.damageId,
        fileName: displayFileName(file.name),
        contentType: type,
        sizeBytes: stored.size,
        storageKey: file.key,
      });
    }
    if (rows.length === 0) return;
    try {
      await db.insert(repairFiles).values(rows);
    } catch (error) {
      if (isUniqueViolation(error)) throw new RepairError(409, REPAIR_MESSAGES.unknownUpload);
      throw error;
    }
    await records.touch(repair.id);
  }

  return {
    /** `signedUrl`: where and with which fields to upload one photo. */
    signUpload(customerId: number, input: SignUploadInput): SignedUpload {
      const key = newStorageKey(customerId, STORED_EXTENSION[input.type]);
      const expires = String(clock.now().getTime() + UPLOAD_TTL_MS);
      return {
        url: UPLOAD_URL,
        fields: {
          key,
          content_type: input.type,
          expires,
          signature: sign(customerId, key, input.type, expires),
        },
      };
    },

    /**
     * The form upload to a signed URL: checks the signature, the size and the content, then stores the photo
     * re-encoded (decision 085).
     */
    async receiveSignedUpload(
      customerId: number,
      fields: SignedUploadFields,
      file: { name: string; bytes: Uint8Array } | null,
    ): Promise<{ key: string }> {
      const { key, type, expires, signature } = fields;
      const expected = sign(customerId, key, type, expires);
      const valid =
        isStorageKey(key) &&
        keyOwner(key) === customerId &&
        isPhotoType(type) &&
        signature.length === expected.length &&
        crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) &&
        Number(expires) > clock.now().getTime();
      if (!valid) throw new RepairError(403, REPAIR_MESSAGES.uploadExpired);
      if (!file || file.bytes.length === 0) throw new RepairError(400, REPAIR_MESSAGES.missingFile);
      if (file.bytes.length > MAX_PHOTO_BYTES)
        throw new RepairError(413, photoTooLargeMessage(MAX_PHOTO_BYTES));
      if (sniffPhotoType(file.bytes) !== type) throw new RepairError(415, PHOTO_TYPE_MESSAGE);
      if ((await storage.size(key)) !== null) throw new RepairError(409, REPAIR_MESSAGES.uploadExpired);
      await storage.put(key, await rewritten(file.bytes));
      return { key };
    },

    /** `uploadRepairFiles/{id}`: attaches uploaded photos to the repair. */
    async uploadFiles(customerId: number, repairId: number, files: FileInput[]): Promise<RepairDetail> {
      const row = await records.owned(customerId, repairId, { draft: true });
      await attach(
        customerId,
        row,
        files.map((file) => ({ key: file.key, name: file.name ?? 'photo', damageId: file.damage_id })),
      );
      return records.detail(row);
    },

    /** The wizard without JavaScript: photos of a multipart form stored and attached in one go. */
    async addPhotos(
      customerId: number,
      repairId: number,
      damageId: number | null,
      files: { name: string; bytes: Uint8Array }[],
    ): Promise<{ attached: string[]; refused: { name: string; message: string }[] }> {
      const row = await records.owned(customerId, repairId, { draft: true });
      const stored: { key: string; name: string; damageId: number | null }[] = [];
      const refused: { name: string; message: string }[] = [];
      for (const file of files) {
        const check = checkPhoto(file);
        if (!check.ok) {
          const message =
            check.reason === 'empty'
              ? REPAIR_MESSAGES.missingFile
              : check.reason === 'too-large'
                ? photoTooLargeMessage(MAX_PHOTO_BYTES)
                : PHOTO_TYPE_MESSAGE;
          refused.push({ name: displayFileName(file.name), message });
          continue;
        }
        let bytes: Uint8Array;
        try {
          bytes = await rewritten(file.bytes);
        } catch (error) {
          if (!(error instanceof RepairError)) throw error;
          refused.push({ name: displayFileName(file.name), message: error.message });
          continue;
        }
        const key = newStorageKey(customerId, STORED_EXTENSION[check.type]);
        await storage.put(key, bytes);
        stored.push({ key, name: file.name, damageId });
      }
      try {
        await attach(customerId, row, stored);
      } catch (error) {
        await Promise.all(stored.map((file) => storage.delete(file.key)));
        throw error;
      }
      return { attached: stored.map((file) => displayFileName(file.name)), refused };
    },

    /** Removes one photo of a draft (its file too). */
    async deleteFile(customerId: number, fileId: number): Promise<void> {
      const file = await ownFile(customerId, fileId, { draft: true });
      await db.delete(repairFiles).where(eq(repairFiles.id, fileId));
      await storage.delete(file.storageKey);
      await records.touch(file.repairId);
    },

    /** A photo's bytes for its owner. */
    async photo(customerId: number, fileId: number): Promise<PhotoFile> {
      const file = await ownFile(customerId, fileId);
      return read(file.repairId, file.id, { key: file.storageKey, contentType: file.contentType });
    },

    /** A photo's bytes for the repair desk (a draft's photos are not the desk's). */
    async staffPhoto(fileId: number): Promise<PhotoFile> {
      const [file] = await db
        .select({
          key: repairFiles.storageKey,
          contentType: repairFiles.contentType,
          repairId: repairFiles.repairId,
          status: repairs.status,
        })
        .from(repairFiles)
        .innerJoin(repairs, eq(repairs.id, repairFiles.repairId))
        .where(eq(repairFiles.id, fileId))
        .limit(1);
      if (!file || file.status === 'draft') throw new RepairError(404, REPAIR_MESSAGES.unknownUpload);
      return read(file.repairId, fileId, file);
    },

    /** Removes stored photos whose rows are gone (a deleted damage, a discarded draft). */
    async removeStored(keys: string[]): Promise<void> {
      await Promise.all(keys.map((key) => storage.delete(key)));
    },
  };
}
