import { useState } from 'react';
import type { z } from 'zod';
import { describeZodError } from '#shared/validation.ts';

/**
 * The one error a form shows (the first failing rule, spec 000 §5) and the
 * field it is about. `check` validates with the shared schema and returns the
 * parsed values, or undefined after showing the first failure. Every form of
 * the app validates so: the shared schema's safeParse, its first message.
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

/**
 * What an uncontrolled form holds, by field name: text as typed, a checkbox as
 * a boolean. The auth forms are prerendered: what a visitor types before the
 * page hydrates stays in the fields and is read here.
 */
export function valuesOf(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || !element.name) continue;
    values[element.name] = element.type === 'checkbox' ? element.checked : element.value;
  }
  return values;
}

/** Focus the form's field of that name, if it has one. */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
