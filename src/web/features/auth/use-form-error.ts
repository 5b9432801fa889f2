import { useState } from 'react';
import type { z } from 'zod';
import { describeZodError } from '#shared/validation.ts';

/**
 * The one error a form shows (the first failing rule, spec 000 §5) and the
 * field it is about. `check` validates with the shared schema and returns the
 * parsed values, or undefined after showing the first failure.
 */
export function useFormError() {
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const show = (message: string | null, field: string | null = null) => {
    setError(message);
    setInvalidField(field);
  };
  function check<Schema extends z.ZodType>(schema: Schema, values: unknown, focus: (field: string) => void) {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      show(null);
      return parsed.data as z.output<Schema>;
    }
    const failure = describeZodError(parsed.error);
    const field = Object.keys(failure.fieldErrors)[0] ?? null;
    show(failure.message, field);
    if (field) focus(field);
    return undefined;
  }
  return { error, invalidField, show, check };
}
