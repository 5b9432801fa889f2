import { describe, expect, it } from 'vitest';
import { isLinkLive, nextScheduleChange, scheduleStateOf } from '#shared/links.ts';
import { instantOfWallTime, wallTimeOf } from '#shared/time-zone.ts';

// Scheduled links (issue 30): the window, the next change, what the dashboard
// says, and the profile's wall clock both ways, across changes of clocks.

const at = (iso: string) => Date.parse(iso);
const link = (startsAt: string | null, endsAt: string | null, isActive = true) => ({ isActive, startsAt, endsAt });

describe('a link’s window', () => {
  it('starts at its start and ends at its end (the end itself is out)', () => {
    const sale = link('2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z');
    expect(isLinkLive(sale, at('2026-12-01T08:59:59.999Z'))).toBe(false);
    expect(isLinkLive(sale, at('2026-12-01T09:00:00.000Z'))).toBe(true);
    expect(isLinkLive(sale, at('2026-12-01T09:59:59.999Z'))).toBe(true);
    expect(isLinkLive(sale, at('2026-12-01T10:00:00.000Z'))).toBe(false);
    expect(isLinkLive(link(null, null), 0)).toBe(true);
    expect(isLinkLive(link(null, null, false), 0)).toBe(false);
  });

  it('names the next change of the page among the links switched on', () => {
    const links = [
      link('2026-12-01T09:00:00.000Z', '2026-12-01T10:00:00.000Z'),
      link(null, '2026-12-01T09:30:00.000Z'),
      link('2026-12-01T08:00:00.000Z', null, false),
    ];
    expect(nextScheduleChange(links, at('2026-12-01T07:00:00.000Z'))).toBe(at('2026-12-01T09:00:00.000Z'));
    expect(nextScheduleChange(links, at('2026-12-01T09:00:00.000Z'))).toBe(at('2026-12-01T09:30:00.000Z'));
    expect(nextScheduleChange(links, at('2026-12-01T10:00:00.000Z'))).toBe(Infinity);
  });

  it('says Scheduled, Live until or Ended', () => {
    const now = at('2026-12-01T09:00:00.000Z');
    expect(scheduleStateOf(link('2026-12-01T10:00:00.000Z', null), now)).toBe('scheduled');
    expect(scheduleStateOf(link(null, '2026-12-01T10:00:00.000Z'), now)).toBe('live-until');
    expect(scheduleStateOf(link(null, '2026-12-01T09:00:00.000Z'), now)).toBe('ended');
    expect(scheduleStateOf(link(null, null), now)).toBeNull();
  });
});

describe('the profile’s wall clock', () => {
  it('reads and writes times in a zone, both ways', () => {
    expect(wallTimeOf('2026-12-01T09:00:00.000Z', 'Europe/Lisbon')).toBe('2026-12-01T09:00');
    expect(wallTimeOf('2026-12-01T09:00:00.000Z', 'Asia/Tokyo')).toBe('2026-12-01T18:00');
    expect(wallTimeOf('2026-07-01T09:00:00.000Z', 'America/New_York')).toBe('2026-07-01T05:00');
    expect(new Date(instantOfWallTime('2026-12-01T18:00', 'Asia/Tokyo')).toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(new Date(instantOfWallTime('2026-07-01T05:00', 'America/New_York')).toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(new Date(instantOfWallTime('2026-12-01T05:45', 'Asia/Kathmandu')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('moves a time that clocks skip forward, and takes the earlier of a time they repeat', () => {
    // Berlin skips 02:00–03:00 on 29 March 2026 and repeats 02:00–03:00 on 25 October 2026.
    expect(new Date(instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(wallTimeOf(instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin'), 'Europe/Berlin')).toBe('2026-03-29T03:30');
    expect(new Date(instantOfWallTime('2026-10-25T02:30', 'Europe/Berlin')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});
