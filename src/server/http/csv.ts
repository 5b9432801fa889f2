// CSV files the site hands out (RFC 4180, UTF-8): the analytics export, the
// account archive's daily figures, a creator's subscribers.

/**
 * A cell as a spreadsheet may read it safely: text that starts with =, +, -, @
 * (or a tab or carriage return) would run as a formula, so it gets a leading
 * apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a file, led by a byte order mark so that spreadsheets read it as UTF-8. */
export function csvDocument(lines: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return '\uFEFF' + lines.map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
