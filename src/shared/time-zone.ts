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

/** How many days from `first` to `last`, both included. */
export function dayCount(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A YYYY-MM-DD day as charts and mail name it: '23 Nov', or 'Mon, 23 Nov 2026' long. */
export function formatDay(day: string, style: 'short' | 'long' = 'short'): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    ...(style === 'long' ? { weekday: 'short', year: 'numeric' } : {}),
  });
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

// Wall-clock times in a profile's time zone (issue 30: a link's schedule is
// written in the profile's time, stored as an instant).

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    if (wallFormats.size > 1000) wallFormats.clear();
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** 'YYYY-MM-DDTHH:mm:ss' as a clock in `timeZone` reads at an instant. */
function wallClockOf(instant: number, timeZone: string): string {
  const part = Object.fromEntries(
    wallFormatOf(timeZone)
      .formatToParts(instant)
      .map((entry) => [entry.type, entry.value]),
  );
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** 'YYYY-MM-DDTHH:mm' (a datetime-local field's value) as a clock in `timeZone` reads at an instant. */
export function wallTimeOf(instant: number | string, timeZone: string): string {
  return wallClockOf(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone).slice(0, 16);
}

/**
 * The instant at which a clock in `timeZone` reads `wall` ('YYYY-MM-DDTHH:mm'):
 * tried with the zone's offsets a day either side and at the time itself
 * (every change of clocks lies between them). A time that clocks repeat is
 * the earlier of the two; one they skip moves forward by the change.
 */
export function instantOfWallTime(wall: string, timeZone: string): number {
  const minute = wall.slice(0, 16);
  const asUtc = Date.parse(`${minute}:00Z`);
  const offsetAt = (instant: number) => Date.parse(`${wallClockOf(instant, timeZone)}Z`) - instant;
  const candidates = [...new Set([-DAY_MS, 0, DAY_MS].map((shift) => asUtc - offsetAt(asUtc + shift)))];
  const exact = candidates.filter((instant) => wallClockOf(instant, timeZone).slice(0, 16) === minute);
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}
