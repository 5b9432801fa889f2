// Counts as people read them, with no dependencies: the landing page's first load carries this and nothing more.

/** Every third digit from the right, where a separator goes ('1234567' → '1,234,567'). */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

let fractionFormat: Intl.NumberFormat | undefined;

/**
 * A count with thousands separated ('12,345'), the same on the public page, in the dashboard and in activity:
 * the en-US form, written out by hand for a whole number. A browser builds its first Intl.NumberFormat from its
 * locale data, some 60 ms of one task under Lighthouse's 4× slowdown, and this module is in the first script
 * of every site page (issue 27 §4). Anything else (a fraction) is Intl's, built when first needed.
 */
export function formatCount(count: number): string {
  if (Number.isSafeInteger(count)) return String(count).replace(THOUSANDS, ',');
  fractionFormat ??= new Intl.NumberFormat('en-US');
  return fractionFormat.format(count);
}

/** A count and its noun, singular or plural ('1 visit', '12,345 visits'). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
