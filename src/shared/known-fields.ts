import { z } from 'zod';

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
