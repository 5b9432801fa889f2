import { z } from 'zod';
import type { FieldValues } from 'react-hook-form';

/**
 * The schema of a form whose fields are a draft (a colour chosen from a list,
 * times as the clock reads them) rather than the request itself: the draft is
 * checked as the server will check the request `read` makes of it, each
 * failure on the field of its name, and submitted as it is.
 */
export function draftSchema<Draft extends FieldValues>(schema: z.ZodType, read: (draft: Draft) => unknown) {
  return z.custom<Draft>().superRefine((draft, context) => {
    const parsed = schema.safeParse(read(draft));
    for (const issue of parsed.error?.issues ?? []) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}
