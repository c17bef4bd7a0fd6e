'use client';

import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { unableToConnect } from '@/lib/api/client';
import { showError } from '@/lib/state/snackbar';

/**
 * A react-hook-form resolver for a contract schema that loads the schema (and zod) when the
 * visitor first focuses something on the page, or at the first validation, instead of with
 * the page: the form renders and takes input at once, and the rules still come from
 * lib/contract/ alone. Loading on focus matters: react-hook-form reports a form dirty only
 * after a validation, so the unsaved-changes guard arms only once the schema is there.
 * Make one per form, at module level: each call adds its own focus listener and loads anew.
 * When the download fails, a validation says 'Unable to connect server', and the next one tries again.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver<Input, unknown, Output>(schema),
      (error: unknown) => {
        loaded = undefined; // the next validation tries again
        throw error;
      },
    ));
  if (typeof document !== 'undefined') document.addEventListener('focusin', () => void load().catch(() => undefined), { once: true });
  return async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await load();
    } catch {
      // The rules could not be downloaded (offline, server gone): say so, as a failed call
      // does, and send nothing.
      showError(unableToConnect);
      // `root` is the form-wide error every FieldErrors may carry; TypeScript cannot see that
      // through the generic Input.
      const errors = { root: { type: 'unavailable', message: '' } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
}
