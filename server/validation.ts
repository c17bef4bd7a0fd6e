import type { z } from 'zod';
import en from '../messages/en.json';

const validationMessages: Record<string, string> = en.validation;

/**
 * Contract schemas carry message keys (the forms translate them); the API answers in
 * English with the field named, e.g. "FullName: Full name is required".
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const text = validationMessages[issue.message] ?? issue.message;
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${text}` : text;
  });
}
