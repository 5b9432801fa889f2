import { HEX_INPUT_MAX_LENGTH } from '#shared/links.ts';

/** Keeps the hex field to '#' plus at most six characters (spec 000 §2 "Link card"). */
export function sanitizeHexInput(value: string): string {
  const body = value.replace(/^#+/, '').replace(/[^0-9a-fA-F]/g, '');
  return `#${body}`.slice(0, HEX_INPUT_MAX_LENGTH);
}
