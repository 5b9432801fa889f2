import { type MessageDescriptor, type Messages, type Values, setupI18n } from '@lingui/core';

/**
 * A message in one language (issue 54): `t(words.share)`, `t(words.views, { count })`. Messages are Lingui
 * descriptors marked for extraction (`/*i18n*\/ { id, message }`, the English); their translations come from
 * the catalogs, compiled at build time. Values are text, never markup: what a caller shows is escaped as ever.
 */
export type Translate = (descriptor: MessageDescriptor, values?: Values) => string;

/** A translator for one language, from its compiled catalog. */
export function translatorOf(language: string, messages: Messages): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  return (descriptor, values) => i18n._(values ? { ...descriptor, values } : descriptor);
}
