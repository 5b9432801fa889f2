// One way to write a date or a time across the dashboard and the control
// center (issue 27): '25 Nov 2026' and '25 Nov 2026, 19:02', in the reader's time zone.

/** Made on first use: each formatter costs the browser milliseconds to make, which the dashboard's first load need not spend. */
function once<Value>(make: () => Value): () => Value {
  let made: Value | undefined;
  return () => (made ??= make());
}

const DAY = once(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }));
const DAY_AND_TIME = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
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
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

const RELATIVE = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** '5 minutes ago', 'yesterday', or the date once it is older than a week. */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.round((Date.parse(iso) - now) / 60_000);
  if (minutes > -1) return 'just now';
  if (minutes > -60) return RELATIVE().format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return RELATIVE().format(hours, 'hour');
  const days = Math.round(hours / 24);
  if (days > -7) return RELATIVE().format(days, 'day');
  return formatDay(iso);
}
