import { formatter } from '@lingui/format-json';
import { LANGUAGE_CODES } from './src/shared/i18n/languages.ts';

// `npm run i18n:extract` gathers every message the code marks (`/*i18n*/ { id, message }`) into the English
// catalog, and adds each new one, empty, to the others, where the build refuses it until it is translated
// (scripts/catalogs.ts). Messages are given ids of their own: the English can be reworded without losing
// the translations, which a test then shows to be stale.
export default {
  locales: LANGUAGE_CODES,
  sourceLocale: 'en',
  catalogs: [{ path: 'src/shared/i18n/catalogs/{locale}', include: ['src'] }],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
};
