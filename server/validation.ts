import type { z } from 'zod';
import { parseMessageKey } from '../lib/contract/fields';
import en from '../messages/en.json';

const validationMessages: Record<string, string> = en.validation;

/** The English text of a contract message key, its {parameters} filled in. */
export function englishMessage(message: string): string {
  const { key, params } = parseMessageKey(message);
  const template = validationMessages[key];
  return template ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? '')) : message;
}

/**
 * Contract schemas carry message keys (the forms translate them); the API answers in
 * English with the field named, e.g. "FullName: Full name is required".
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const text = englishMessage(issue.message);
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${text}` : text;
  });
}
