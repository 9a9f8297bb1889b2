/**
 * The form kit's browser half: conform over a Remix fetcher, validating with the form's schema as the shopper
 * types (`getZodConstraint` gives the same rules to the browser's own validation before hydration), taking the
 * last result from the fetcher or, after a post without JavaScript, from the flash the root loader read.
 * Reports `form_start` once and `form_error` on every refused submit (SPEC §4).
 *
 * This hook reads the schema at once, so the page loads zod and conform's zod adapter with it. A page whose forms
 * should not carry them on its first load uses `useLazyKitForm` (decision 110), with the same behaviour.
 */
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { FormDefinition } from './form-kit';
import { useKitFormWith, type KitConstraint, type UseKitFormOptions } from './kit-form-core';

export type { KitForm, UseKitFormOptions } from './kit-form-core';

export function useKitForm<Schema extends z.ZodTypeAny, Checks>(
  definition: FormDefinition<Schema, Checks>,
  options: UseKitFormOptions<Schema>,
) {
  const schema = useMemo(() => definition.schema(), [definition]);
  const constraint = useMemo(() => getZodConstraint(schema) as KitConstraint, [schema]);
  return useKitFormWith<Schema>(definition, options, constraint, (formData) =>
    parseWithZod(formData, { schema }),
  );
}
