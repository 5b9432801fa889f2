// Countries' English names, for the analytics, the sessions list and a link's
// audience: one reader of Intl.DisplayNames, made on first use. Making it costs
// a phone's browser about 190 ms (measured at Lighthouse's 4x slowdown), which
// no screen that shows no country should spend.

let regions: Intl.DisplayNames | null | undefined;

/** A country's English name from its ISO code, or the code itself where the browser knows no name for it. */
export function countryName(code: string): string {
  regions ??= typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
  try {
    return regions?.of(code) ?? code;
  } catch {
    return code;
  }
}
