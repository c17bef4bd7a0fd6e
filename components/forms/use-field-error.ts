'use client';

import type { FieldError, FieldValues, FormState, Path } from 'react-hook-form';
import type { MessageKey } from '@/i18n/messages';
import { parseMessageKey } from '@/lib/contract/limits';
import { useShellText } from '../shell/shell-i18n';

/**
 * Translates a contract message key such as "minLength?min=8". The validation texts travel
 * with the shell's dictionary (a kilobyte), so a form needs no i18n runtime of its own.
 */
export function useValidationText() {
  const t = useShellText();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const { key, params } = parseMessageKey(message);
    // A rule named by the server: a key this build has no text for shows the message itself.
    const text = t(`validation.${key}` as MessageKey, params);
    return text === `validation.${key}` ? message : text;
  };
}

/**
 * docs/product/validation.md#how-fields-are-judged: a field's error shows only when it is invalid and dirty or touched, and only the
 * first matching message (the resolver reports the first failed rule). A submit attempt
 * counts as touching every field.
 */
export function useFieldError<T extends FieldValues>(formState: FormState<T>) {
  const translate = useValidationText();
  const { errors, touchedFields, dirtyFields, isSubmitted } = formState;
  return (name: Path<T>) => {
    const error = at(errors, name) as FieldError | undefined;
    if (!error?.message || !(isSubmitted || at(touchedFields, name) || at(dirtyFields, name))) return undefined;
    return translate(error.message);
  };
}

function at(tree: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}
