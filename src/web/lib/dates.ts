// One way to write a date or a time across the dashboard and the control
// center (issue 27): '25 Nov 2026' and '25 Nov 2026, 19:02', in the reader's time zone
// and the screen's language (issue 54: '25 nov 2026', '2026年11月25日').
import { DEFAULT_LANGUAGE, formattingLocaleOf } from '#shared/i18n/languages.ts';
import { screenLanguageOf } from '#shared/i18n/site-addresses.ts';
import { signedInLanguage } from './use-session.ts';

const ENGLISH_LOCALE = formattingLocaleOf(DEFAULT_LANGUAGE);

/** The locale the screen's dates are written in: its language's (screenLanguageOf, as useSiteLanguage reads it). */
function screenLocale(): string {
  if (typeof location === 'undefined') return ENGLISH_LOCALE;
  return formattingLocaleOf(screenLanguageOf(location.pathname, signedInLanguage()));
}

/** Made on first use in each locale: each formatter costs the browser milliseconds to make, which the dashboard's first load need not spend. */
function perLocale<Value>(make: (locale: string) => Value): () => Value {
  const made = new Map<string, Value>();
  return () => {
    const locale = screenLocale();
    let value = made.get(locale);
    if (value === undefined) made.set(locale, (value = make(locale)));
    return value;
  };
}

const DAY = perLocale((locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }));
const DAY_AND_TIME = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
);

function parsed(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '25 Nov 2026', or N/A (spec 001 §2, logs). */
export function formatDay(value: string | null | undefined): string {
  const date = parsed(value);
  return date ? DAY().format(date) : 'N/A';
}

/** '25 Nov 2026, 19:02', or N/A. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parsed(value);
  return date ? DAY_AND_TIME().format(date) : 'N/A';
}

/** '25 Nov 2026, 19:02' as a clock in `timeZone` reads it (a link's schedule is the profile's time, issue 30). */
export function formatDateTimeIn(value: string, timeZone: string): string {
  const date = parsed(value);
  if (!date) return 'N/A';
  return new Intl.DateTimeFormat(screenLocale(), {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

const RELATIVE = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));

/** '5 minutes ago', 'yesterday', or the date once it is older than a week. */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -1) return screenLocale() === ENGLISH_LOCALE ? 'just now' : RELATIVE().format(0, 'second');
  if (minutes > -60) return RELATIVE().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return RELATIVE().format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days > -7) return RELATIVE().format(days, 'day');
  return formatDay(iso);
}
