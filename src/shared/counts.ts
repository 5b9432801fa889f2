// Counts as people read them, with no dependencies: the landing page's first load carries this and nothing more.

const COUNT = new Intl.NumberFormat('en-US');
/** A count with thousands separated ('12,345'), the same on the public page, in the dashboard and in activity. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** A count and its noun, singular or plural ('1 visit', '12,345 visits'). */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
