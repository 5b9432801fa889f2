import { DAY_MS } from './constants.ts';

// Days in a profile's time zone (issue 10: analytics days are the profile's days).

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The longest IANA zone name is 32 characters ('America/Argentina/ComodRivadavia'). */
export const TIME_ZONE_MAX_LENGTH = 64;

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    dayFormatOf(name);
    return true;
  } catch {
    return false;
  }
}

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (format === undefined) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size > 1000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function localDayOf(instant: number | string | Date, timeZone: string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant;
  return dayFormatOf(timeZone).format(time);
}

/** The day `count` days after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
