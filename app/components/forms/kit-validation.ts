/**
 * The validation a lazily validated kit form loads when the shopper first touches it (decision 110): conform's zod
 * adapter (and zod, through the form's definition) in a chunk of their own.
 */
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import type { FormDefinition } from './form-kit';
import type { KitValidate } from './kit-form-core';

export function validatorFor<Schema extends z.ZodTypeAny>(
  definition: FormDefinition<Schema, never>,
): KitValidate<z.output<Schema>> {
  const schema = definition.schema();
  return (formData) => parseWithZod(formData, { schema });
}
