// Countries' names, for the analytics, the sessions list and a link's audience:
// one reader of Intl.DisplayNames per language, made on first use. Making it
// costs a phone's browser about 190 ms (measured at Lighthouse's 4x slowdown),
// which no screen that shows no country should spend.

const regions = new Map<string, Intl.DisplayNames | null>();

/** A country's name from its ISO code in a language (English unless told), or the code itself where the browser knows no name for it. */
export function countryName(code: string, language = 'en'): string {
  let names = regions.get(language);
  if (names === undefined) {
    names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([language], { type: 'region' }) : null;
    regions.set(language, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}
