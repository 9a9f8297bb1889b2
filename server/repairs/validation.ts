/**
 * The shapes the repair service accepts (SPEC §3 "Repair userInfo prefill", damages, questions), as zod schemas
 * shared by the service API and the wizard's forms, so both refuse the same input with the same words (SPEC §5
 * messages for names, phone and e-mail). Browser-safe.
 */
import { z } from 'zod';

const NAME = /^[\p{L}][\p{L}\p{M}' .-]*$/u;
const PHONE = /^\(\d{3}\)-\d{3}-\d{4}$/;

/** A trimmed text; blank counts as missing (SPEC §5 "Blank strings count as empty"). */
const required = (message: string, max = 120) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `Please use at most ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');

const name = (missing: string) =>
  required(missing, 60).pipe(z.string().regex(NAME, 'Please enter valid name'));

export const customerInfoSchema = z.object({
  first_name: name('First Name Required'),
  last_name: name('Last Name Required'),
  phone: required('Phone Number Required', 14).pipe(
    z.string().regex(PHONE, 'Phone Number should match this format: (123)-456-7890'),
  ),
  email: required('Email Address Required', 254).pipe(z.string().email('Invalid email address')),
});

export const addressSchema = z.object({
  address1: required('Address Required'),
  address2: optionalText(120),
  city: required('City Required', 80),
  state_or_province: required('State Required', 80),
  postal_code: required('Postal Code Required', 12).pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, 'Please enter a valid postal code'),
  ),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Please choose a country')
    .optional()
    .transform((value) => value || 'US'),
});

/** SPEC §3 repair userInfo: the customer's contact details and return address. */
export const userInfoSchema = customerInfoSchema.merge(addressSchema);

export type CustomerInfo = z.output<typeof customerInfoSchema>;
export type ReturnAddress = z.output<typeof addressSchema>;
export type RepairUserInfo = z.output<typeof userInfoSchema>;

const id = (message: string) =>
  z.coerce.number({ invalid_type_error: message }).int(message).positive(message).max(2_147_483_647, message);

/** The product of a repair: a line of the customer's order history, or one they describe. */
export const productInputSchema = z.union([
  z.object({ order_line_id: id('Please choose a product from your order history.') }).strict(),
  z
    .object({
      name: required('Please name the product.', 120),
      color: optionalText(60),
      size: optionalText(20),
      description: optionalText(500),
    })
    .strict(),
]);

export type ProductInput = z.output<typeof productInputSchema>;

export const damageInputSchema = z.object({
  id: id('Please provide damage id').optional(),
  issue_id: id('Please choose an issue from the list.'),
  specific_issue_id: id('Please choose an issue from the list.')
    .nullish()
    .transform((v) => v ?? null),
  location_id: id('Please choose a location from the list.')
    .nullish()
    .transform((v) => v ?? null),
  description: required('Please describe the damage.', 1000),
});

export type DamageInput = z.output<typeof damageInputSchema>;

export const questionAnswerSchema = z.object({
  question_id: id('Please answer the questions.'),
  answer: z.string().trim().max(1000, 'Please use at most 1000 characters.'),
});

export type QuestionAnswer = z.output<typeof questionAnswerSchema>;

export const fileInputSchema = z.object({
  key: z.string().max(80),
  name: z.string().max(255).optional(),
  damage_id: id('Please provide damage id')
    .nullish()
    .transform((v) => v ?? null),
});

export type FileInput = z.output<typeof fileInputSchema>;

export const reasonForRequestSchema = z
  .string()
  .trim()
  .max(60)
  .optional()
  .transform((value) => value || null);
