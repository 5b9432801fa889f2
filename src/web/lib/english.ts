import { messages } from '#shared/i18n/catalogs/en.json?catalog';
import { translatorOf } from '#shared/i18n/translate.ts';

/** The product's words in English (issue 54): what the dashboard's previews of a page speak for now. */
export const english = translatorOf('en', messages);
