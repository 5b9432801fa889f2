import { type FieldValues, type Path, type Resolver, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { describeZodError } from '#shared/validation.ts';
import { useSiteMessages } from './site-words.ts';

// The app's one way to write a form (docs/decisions/025-forms-with-react-hook-form.md):
// react-hook-form over the shared zod schema the server checks the same input with.

/** The schema itself, or a loader of it (the sign-in forms load zod only when they are used). */
type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/**
 * Checks as the server does: the schema's first failing rule (spec 000 §5), one
 * message, on its field. A form shows one error, never a list.
 */
function firstFailureOf<Schema extends z.ZodType>(source: SchemaSource<Schema>) {
  return async (values: unknown) => {
    const schema = typeof source === 'function' ? await source() : source;
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values: parsed.data as object, errors: {} };
    const failure = describeZodError(parsed.error);
    const field = Object.keys(failure.fieldErrors)[0];
    const name = field && field !== '_' ? field : 'root.rule';
    return { values: {}, errors: { [name]: { type: 'rule', message: failure.message } } };
  };
}

export interface SchemaForm<Values extends FieldValues, Parsed = Values> extends UseFormReturn<Values, unknown, Parsed> {
  /** The one message the form shows above its fields: the server's answer, else the first failing rule. */
  error: string | null;
  /** The field that message is about, marked and focused. */
  invalidField: string | null;
  /** What register gives, and the field marked when the error is its. */
  field: (name: Path<Values>) => ReturnType<UseFormReturn<Values>['register']> & { 'aria-invalid': true | undefined };
  /** A failure the server answered: its message above the fields, the first field it names marked and focused. */
  showFailure: (message: string, fieldErrors?: Record<string, string>) => void;
}

/**
 * A form over a shared schema. Fields are uncontrolled: what a visitor types
 * into a prerendered form before it hydrates stays, and is read when it
 * registers. The error is shown until the next submit, as the server's is.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): SchemaForm<z.input<Schema>, z.output<Schema>> {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    ...options,
    resolver: firstFailureOf(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>,
  });
  const { errors } = form.formState;
  const fieldNames = Object.keys(errors).filter((name) => name !== 'root');
  const invalidField = fieldNames[0] ?? null;
  const fieldMessage = invalidField ? (errors[invalidField]?.message as string | undefined) : undefined;
  const error = errors.root?.server?.message ?? errors.root?.rule?.message ?? fieldMessage ?? null;
  // What the form checked itself is said in the page's language; the server's answer comes in it (api.ts).
  const say = useSiteMessages();
  return {
    ...form,
    error: error === null ? null : say(error),
    invalidField,
    field: (name) => ({ ...form.register(name), 'aria-invalid': invalidField === name || undefined }),
    showFailure: (message, fieldErrors = {}) => {
      form.setError('root.server', { type: 'server', message });
      const [field, fieldError] = Object.entries(fieldErrors)[0] ?? [];
      if (field && fieldError && form.control._fields[field]) {
        form.setError(field as Path<z.input<Schema>>, { type: 'server', message: fieldError }, { shouldFocus: true });
      }
    },
  };
}
