// Only zod's types: the forms that describe an error do not load zod for it.
import type { z } from 'zod';

export interface ValidationFailure {
  /** The first failing rule, in the order the schema declares them. */
  message: string;
  /** The first message per field, keyed by the field's dotted path. */
  fieldErrors: Record<string, string>;
}

export function describeZodError(error: z.ZodError): ValidationFailure {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fieldErrors[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? 'Invalid input', fieldErrors };
}
