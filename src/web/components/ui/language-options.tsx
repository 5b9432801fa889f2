import { LANGUAGE_CODES, LANGUAGES } from '#shared/i18n/languages.ts';

/** A language select's choices (issue 54): each language by its name in itself, marked with its own `lang`. */
export function LanguageOptions() {
  return LANGUAGE_CODES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LANGUAGES[code].name}
    </option>
  ));
}
