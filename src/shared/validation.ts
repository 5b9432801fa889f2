import { z } from 'zod';

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

/**
 * A body whose keys must all be known: any other key is refused by name before
 * the fields' own rules run (pipe the fields' schema after it).
 */
export function onlyKnownFields(names: Iterable<string>, unknownMessage: (unknown: string[]) => string) {
  const known: ReadonlySet<string> = new Set(names);
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const unknown = Object.keys(value).filter((key) => !known.has(key));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: unknownMessage(unknown.slice(0, 10)) });
  });
}
