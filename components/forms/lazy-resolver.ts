'use client';

import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a contract schema that loads the schema (and zod) when the
 * visitor first focuses something on the page, or at the first validation, instead of with
 * the page: the form renders and takes input at once, and the rules still come from
 * lib/contract/ alone. Loading on focus matters: react-hook-form reports a form dirty only
 * after a validation, so the unsaved-changes guard arms only once the schema is there.
 * Make one per form, at module level: each call adds its own focus listener and loads anew.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(loadSchema: () => Promise<z.ZodType>): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    ));
  if (typeof document !== 'undefined') document.addEventListener('focusin', () => void load(), { once: true });
  return async (values, context, options) => (await load())(values, context, options);
}
