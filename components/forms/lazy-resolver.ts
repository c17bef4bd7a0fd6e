'use client';

import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver for a contract schema that loads the schema (and zod) on first
 * validation instead of with the page: the form renders and takes input at once, and the
 * rules still come from lib/contract/ alone.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(loadSchema: () => Promise<z.ZodType>): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    );
    return (await loaded)(values, context, options);
  };
}
