import { type LanguageCode, type MailContent, compose, voiceOf } from '../mail/mail-templates.ts';
import { subscribeWords as words } from './subscribe-words.ts';

/** Double opt-in (issue 31): the visitor's own address, asked whether it meant to sign up to a creator's page, in the page's language. */
export function subscriptionConfirmMail(
  pageLanguage: LanguageCode,
  origin: string,
  creator: { username: string; name: string },
  links: { confirm: string; unsubscribe: string },
  consent: string,
  days: number,
): MailContent {
  const voice = voiceOf(pageLanguage);
  const { t } = voice;
  const { name } = creator;
  return compose(voice, t(words.confirmTitle, { name }), origin, {
    lines: [
      t(words.mailLine, { address: `${origin}/${creator.username}` }),
      t(words.mailConsent, { name, consent }),
      t(words.mailWithin, { days, name }),
    ],
    action: { label: t(words.confirmButton), url: links.confirm },
    footnote: t(words.mailFootnote, { url: links.unsubscribe }),
  });
}
