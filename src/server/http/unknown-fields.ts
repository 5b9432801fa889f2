import { type $ZodType, safeParse } from 'zod/v4/core';

/** What of a zod schema's definition the walk reads (zod 4's `_zod.def`). */
interface Definition {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  in?: $ZodType;
  element?: $ZodType;
  options?: $ZodType[];
  getter?: () => $ZodType;
}

const definitionOf = (schema: $ZodType) => schema._zod.def as unknown as Definition;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The dotted paths of the keys in `input` that `schema` does not know, where
 * zod would drop them without a word (an object schema's default). A client
 * that misspells a field, or sends one the API does not have (`type` on a
 * link), learns it by name instead of seeing it ignored. Objects that say what
 * to do with other keys themselves (strict, passthrough, records) are theirs to
 * judge. `input` is a body the schema accepted.
 */
export function unknownFields(schema: $ZodType, input: unknown, path: string[] = []): string[] {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'object': {
      if (!isRecord(input) || !definition.shape) return [];
      const unknown: string[] = [];
      for (const [key, value] of Object.entries(input)) {
        const field = definition.shape[key];
        if (field) unknown.push(...unknownFields(field, value, [...path, key]));
        else if (definition.catchall === undefined) unknown.push([...path, key].join('.'));
      }
      return unknown;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return unknownFields(definition.innerType!, input, path);
    case 'pipe':
      return unknownFields(definition.in!, input, path);
    case 'lazy':
      return unknownFields(definition.getter!(), input, path);
    case 'array':
      return Array.isArray(input) ? input.flatMap((item, index) => unknownFields(definition.element!, item, [...path, String(index)])) : [];
    case 'union': {
      // The option that accepts the input is the one whose fields it names.
      const option = definition.options!.find((candidate) => safeParse(candidate, input).success);
      return option ? unknownFields(option, input, path) : [];
    }
    default:
      return [];
  }
}
