/**
 * The repair service API's input (SPEC §7 repair admin calls), parsed before a service sees it: each function takes
 * what a call sent (a path segment, a JSON body) and answers typed input, or throws the `RepairError` with the SPEC
 * §8 message for what is missing. The wizard's and the desk's routes parse their forms with the same schemas.
 */
import type { z } from 'zod';
import { isKnownDamage, REPAIR_QUESTIONS } from './damage-catalogue';
import { invalid, isObject, parseId, RepairError } from './errors';
import { PHOTO_TYPE_MESSAGE, REPAIR_MESSAGES } from './messages';
import { extensionMatches, isPhotoType, MAX_PHOTOS_PER_DAMAGE, type PhotoType } from './photos';
import { isStaffStatus, parseQuote, type RepairStatus } from './status';
import {
  addressSchema,
  customerInfoSchema,
  damageInputSchema,
  fileInputSchema,
  productInputSchema,
  questionAnswerSchema,
  reasonForRequestSchema,
  userInfoSchema,
  type CustomerInfo,
  type DamageInput,
  type FileInput,
  type ProductInput,
  type QuestionAnswer,
  type RepairUserInfo,
  type ReturnAddress,
} from './validation';

/** An id, or the 400 with `message` (SPEC §8 "Please provide repair id", "… damage id"). */
export function idOr(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === null) throw new RepairError(400, message);
  return id;
}

export const repairIdOf = (value: unknown) => idOr(value, REPAIR_MESSAGES.missingRepairId);

function parsed<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, input: unknown, message?: string): T {
  const result = schema.safeParse(input);
  if (!result.success) throw invalid(result.error, message);
  return result.data;
}

/** A reason-for-request code as sent (blank, null or missing: none); its place in the list is the service's. */
export function reasonCodeOf(input: unknown): string | null {
  // null (a JSON null, a form's blank choice) is no choice, as a missing one.
  const result = reasonForRequestSchema.safeParse(input ?? undefined);
  if (!result.success)
    throw new RepairError(400, REPAIR_MESSAGES.unknownReason, {
      reason_for_request: [REPAIR_MESSAGES.unknownReason],
    });
  return result.data;
}

export type CreateRepairInput = { customer: RepairUserInfo; reason: string | null; product: ProductInput };

/** `createRepair {repair, product, customer}` (SPEC §5: all three are needed). */
export function createRepairInput(body: unknown): CreateRepairInput {
  if (!isObject(body) || !isObject(body.repair) || !isObject(body.product) || !isObject(body.customer))
    throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
  const customer = parsed(userInfoSchema, body.customer);
  const reason = reasonCodeOf(body.repair.reason_for_request);
  return { customer, reason, product: productInput(body.product) };
}

export function productInput(body: unknown): ProductInput {
  if (!isObject(body)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
  return parsed(productInputSchema, body);
}

export function customerInfoInput(body: unknown): CustomerInfo {
  if (!isObject(body)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
  return parsed(customerInfoSchema, body);
}

export function addressInput(body: unknown): ReturnAddress {
  if (!isObject(body)) throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
  return parsed(addressSchema, body);
}

export type SignUploadInput = { type: PhotoType };

/** `signedUrl {image_type, image_name, image_extension}`. */
export function signUploadInput(body: unknown): SignUploadInput {
  const fields = isObject(body) ? body : {};
  const { image_type: type, image_name: name, image_extension: extension } = fields;
  if (typeof name !== 'string' || name.trim() === '' || typeof extension !== 'string' || !type)
    throw new RepairError(400, REPAIR_MESSAGES.missingUploadParams);
  if (!isPhotoType(type) || !extensionMatches(type, extension))
    throw new RepairError(415, PHOTO_TYPE_MESSAGE);
  return { type };
}

export type SignedUploadFields = { key: string; type: string; expires: string; signature: string };

/** The fields of the form upload to a signed URL. */
export function signedUploadFields(fields: Record<string, unknown>): SignedUploadFields {
  const { key, content_type: type, expires, signature } = fields;
  if (
    typeof key !== 'string' ||
    typeof type !== 'string' ||
    typeof expires !== 'string' ||
    typeof signature !== 'string'
  )
    throw new RepairError(400, REPAIR_MESSAGES.missingUploadParams);
  return { key, type, expires, signature };
}

/** `uploadRepairFiles/{id} {files: [{key, name, damage_id}]}`. */
export function uploadFilesInput(id: unknown, body: unknown): { repairId: number; files: FileInput[] } {
  const files = isObject(body) ? body.files : undefined;
  const repairId = parseId(id);
  if (repairId === null || !Array.isArray(files) || files.length === 0)
    throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
  const result = fileInputSchema
    .array()
    .max(MAX_PHOTOS_PER_DAMAGE * 4)
    .safeParse(files);
  if (!result.success) throw new RepairError(400, REPAIR_MESSAGES.missingFiles);
  return { repairId, files: result.data };
}

/** `updateRepairQuestions/{id} {questions: [{question_id, answer}]}`: answers to questions of the list. */
export function questionsInput(id: unknown, body: unknown): { repairId: number; answers: QuestionAnswer[] } {
  const questions = isObject(body) ? body.questions : undefined;
  const repairId = parseId(id);
  if (repairId === null || !Array.isArray(questions) || questions.length === 0)
    throw new RepairError(400, REPAIR_MESSAGES.missingQuestions);
  const answers = parsed(
    questionAnswerSchema.array().max(REPAIR_QUESTIONS.length),
    questions,
    REPAIR_MESSAGES.missingQuestions,
  );
  if (answers.some((answer) => !REPAIR_QUESTIONS.some((question) => question.id === answer.question_id)))
    throw new RepairError(400, REPAIR_MESSAGES.missingQuestions);
  return { repairId, answers };
}

/** `updateRepairDamages/{id} {damages: [...]}`: damages of the catalogue (issue, specific issue, location). */
export function damagesInput(body: unknown): DamageInput[] {
  const damages = isObject(body) ? body.damages : undefined;
  if (!Array.isArray(damages) || damages.length === 0)
    throw new RepairError(400, REPAIR_MESSAGES.missingRepairData);
  const parsedDamages = parsed(damageInputSchema.array().max(20), damages);
  for (const damage of parsedDamages) {
    const known = isKnownDamage({
      issueId: damage.issue_id,
      specificIssueId: damage.specific_issue_id,
      locationId: damage.location_id,
    });
    if (!known) throw new RepairError(400, REPAIR_MESSAGES.unknownIssue);
  }
  return parsedDamages;
}

/** The repair desk's quote, typed in dollars (0 to 2,000), with the reason it may set as it quotes. */
export function quoteInput(
  repairId: unknown,
  amount: unknown,
  reasonCode?: unknown,
): { repairId: number; quoteCents: number; reason: string | null } {
  const id = repairIdOf(repairId);
  const quoteCents = parseQuote(amount);
  if (quoteCents === null) throw new RepairError(400, REPAIR_MESSAGES.quoteInvalid);
  return { repairId: id, quoteCents, reason: reasonCodeOf(reasonCode) };
}

export const STATUS_NOT_LISTED = 'Please choose a status from the list.';

/** A staff status move (received, quoted, in repair, shipped). */
export function statusInput(repairId: unknown, status: unknown): { repairId: number; status: RepairStatus } {
  const id = repairIdOf(repairId);
  if (!isStaffStatus(status)) throw new RepairError(400, STATUS_NOT_LISTED);
  return { repairId: id, status };
}
