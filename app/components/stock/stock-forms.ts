/**
 * The stock desk's form (issue 25 §4, docs/decisions/031-form-kit.md): one SKU's standard or pro stock changed by a
 * delta (negative removes) or set to a value, with a required reason. Shared by the route's action and component.
 */
import { z } from 'zod';
import { MAX_STOCK_QUANTITY, STOCK_MESSAGES } from '../../../server/inventory/public';
import { defineForm } from '../forms/form-kit';

export const stockAdjustForm = defineForm({
  id: 'stock-adjust',
  honeypot: false,
  schema: z
    .object({
      sku: z
        .string({ required_error: STOCK_MESSAGES.skuRequired })
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/, STOCK_MESSAGES.skuRequired),
      stock: z.enum(['standard', 'pro'], { errorMap: () => ({ message: STOCK_MESSAGES.chooseStock }) }),
      mode: z.enum(['delta', 'set'], { errorMap: () => ({ message: STOCK_MESSAGES.chooseMode }) }),
      amount: z
        .string({ required_error: STOCK_MESSAGES.amountInvalid })
        .trim()
        .regex(/^[+-]?\d{1,7}$/, STOCK_MESSAGES.amountInvalid)
        .transform(Number)
        .refine((value) => Math.abs(value) <= MAX_STOCK_QUANTITY, STOCK_MESSAGES.amountInvalid),
      reason: z
        .string({ required_error: STOCK_MESSAGES.reasonRequired })
        .trim()
        .min(1, STOCK_MESSAGES.reasonRequired)
        .max(200, STOCK_MESSAGES.reasonTooLong),
    })
    .superRefine((value, context) => {
      if (value.mode === 'set' && value.amount < 0)
        context.addIssue({ code: 'custom', path: ['amount'], message: STOCK_MESSAGES.setBelowZero });
    }),
});
