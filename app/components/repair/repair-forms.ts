/**
 * The repair wizard's forms (docs/decisions/031-form-kit.md, 042-warranty-repairs.md), shared by the step routes'
 * actions and their components. Field rules and messages come from the repairs context's schemas, so the wizard
 * and the repair service API refuse the same input with the same words.
 */
import { z } from 'zod';
import {
  addressSchema,
  customerInfoSchema,
  MAX_PHOTO_BYTES,
  parseQuote,
  REPAIR_MESSAGES,
  REPAIR_QUESTIONS,
} from '../../../server/repairs/public';
import { defineForm } from '../forms/form-kit';

export const CHOOSE_PRODUCT = 'Please choose a product from your order history or describe one.';
export const NAME_PRODUCT = 'Please name the product.';
export const CHOOSE_ISSUE = 'Please choose an issue from the list.';
export const DESCRIBE_DAMAGE = 'Please describe the damage.';
export const ANSWER_QUESTION = 'Please answer this question.';
export const CHOOSE_REASON = REPAIR_MESSAGES.unknownReason;

/** A code of the reason-for-request list (the service checks it is one of the list's). */
const reasonCode = z
  .string({ required_error: CHOOSE_REASON, invalid_type_error: CHOOSE_REASON })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, CHOOSE_REASON);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

/**
 * Step 1: a line of the order history (`line-<id>`) or a described product, and the reason for the request (a code
 * of the reason-for-request list).
 */
export const productForm = defineForm({
  id: 'repair-product',
  honeypot: false,
  schema: z
    .object({
      reason: reasonCode,
      product: z
        .string({ required_error: CHOOSE_PRODUCT })
        .regex(/^(line-[1-9][0-9]{0,9}|describe)$/, CHOOSE_PRODUCT),
      name: text(120),
      color: text(60),
      size: text(20),
      description: text(500),
    })
    .superRefine((value, context) => {
      if (value.product === 'describe' && value.name === '')
        context.addIssue({ code: 'custom', path: ['name'], message: NAME_PRODUCT });
    })
    .transform((value) => ({
      reason: value.reason,
      product:
        value.product === 'describe'
          ? { name: value.name, color: value.color, size: value.size, description: value.description }
          : { order_line_id: Number(value.product.slice('line-'.length)) },
    })),
});

/** Up to this many photos in one post without JavaScript (each within the per-photo limit). */
export const PHOTOS_PER_POST = 3;

const optionalId = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value === '') return null;
    if (!/^[1-9][0-9]{0,5}$/.test(value)) {
      context.addIssue({ code: 'custom', message: CHOOSE_ISSUE });
      return z.NEVER;
    }
    return Number(value);
  });

/** Step 2: one damage, with photos (multipart without JavaScript, signed-upload keys with it). */
export const damageForm = defineForm({
  id: 'repair-damage',
  honeypot: false,
  maxBytes: PHOTOS_PER_POST * MAX_PHOTO_BYTES + 64 * 1024,
  schema: z.object({
    issue_id: z
      .string({ required_error: CHOOSE_ISSUE })
      .regex(/^[1-9][0-9]{0,5}$/, CHOOSE_ISSUE)
      .transform(Number),
    specific_issue_id: optionalId,
    location_id: optionalId,
    description: z
      .string({ required_error: DESCRIBE_DAMAGE })
      .trim()
      .min(1, DESCRIBE_DAMAGE)
      .max(1000, 'Please use at most 1000 characters.'),
    // Files of the plain multipart form (empty file inputs arrive as nothing).
    photos: z
      .array(z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File))
      .max(PHOTOS_PER_POST, `Please add at most ${PHOTOS_PER_POST} photos at a time.`)
      .optional()
      .transform((value) => value ?? []),
    // Keys of photos already uploaded through signed URLs (with JavaScript), with their file names.
    photo_keys: z
      .array(z.string().max(80))
      .max(6)
      .optional()
      .transform((value) => value ?? []),
    photo_names: z
      .array(z.string().max(255))
      .max(6)
      .optional()
      .transform((value) => value ?? []),
  }),
});

/** Step 2's list: each remove button names what it removes (`damage-<id>` or `photo-<id>`). */
export const damageListForm = defineForm({
  id: 'repair-damages',
  honeypot: false,
  schema: z.object({
    target: z
      .string({ required_error: 'Please choose what to remove.' })
      .regex(/^(damage|photo)-[1-9][0-9]{0,9}$/),
  }),
});

const answer = (required: boolean) =>
  required ? z.enum(['Yes', 'No'], { errorMap: () => ({ message: ANSWER_QUESTION }) }) : text(1000);

/** Step 3: the questions, the contact details and the return address; submitting sends the repair. */
export const summaryForm = defineForm({
  id: 'repair-summary',
  honeypot: false,
  // Submitting twice cannot submit twice: the service submits only a draft (a repeat finds none).
  schema: z
    .object(
      Object.fromEntries(
        REPAIR_QUESTIONS.map((question) => [`question_${question.id}`, answer(question.required)]),
      ) as Record<string, z.ZodType<string>>,
    )
    .merge(customerInfoSchema)
    .merge(addressSchema),
});

/** Clears the draft (SPEC §4). */
export const discardForm = defineForm({
  id: 'repair-discard',
  honeypot: false,
  schema: z.object({ repair_id: z.coerce.number().int().positive() }),
});

/** The repair desk moves a repair on: each button names the repair and the status (`<id>:<status>`). */
export const repairStatusForm = defineForm({
  id: 'repair-status',
  honeypot: false,
  schema: z.object({
    move: z
      .string({ required_error: 'Please choose a status from the list.' })
      .regex(
        /^[1-9][0-9]{0,9}:(received|quoted|in_repair|shipped)$/,
        'Please choose a status from the list.',
      ),
  }),
});

/**
 * The repair desk quotes a repair (issue 13 §6): the amount in dollars, 0 when the warranty covers it; any other
 * amount the customer pays through the repair payment path.
 */
export const repairQuoteForm = defineForm({
  id: 'repair-quote',
  honeypot: false,
  schema: z.object({
    repair_id: z.coerce
      .number({
        required_error: REPAIR_MESSAGES.missingRepairId,
        invalid_type_error: REPAIR_MESSAGES.missingRepairId,
      })
      .int(REPAIR_MESSAGES.missingRepairId)
      .positive(REPAIR_MESSAGES.missingRepairId),
    amount: z
      .string({ required_error: REPAIR_MESSAGES.quoteInvalid })
      .refine((value) => parseQuote(value) !== null, REPAIR_MESSAGES.quoteInvalid),
    // The reason for the request as the desk sees it (blank keeps the customer's): a reason the warranty covers
    // is quoted at 0.
    reason: z
      .string()
      .trim()
      .regex(/^([a-z0-9][a-z0-9-]{0,39})?$/, CHOOSE_REASON)
      .optional()
      .transform((value) => value || null),
  }),
});
