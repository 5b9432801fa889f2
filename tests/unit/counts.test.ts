import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from '#shared/counts.ts';

// Counts are written out by hand for whole numbers (no Intl.NumberFormat on a site page's first load):
// they must read exactly as the en-US formatter writes them.

const EN_US = new Intl.NumberFormat('en-US');

describe('formatCount', () => {
  it('separates thousands as en-US does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-1234)).toBe('-1,234');
  });

  it('agrees with Intl.NumberFormat on every number, but for reading -0 as 0', () => {
    // (count + 0 is 0 for -0: Intl writes '-0'.)
    fc.assert(
      fc.property(fc.maxSafeInteger(), (count) => {
        expect(formatCount(count)).toBe(EN_US.format(count + 0));
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (count) => {
        expect(formatCount(count)).toBe(EN_US.format(count + 0));
      }),
    );
    expect(formatCount(Number.NaN)).toBe('NaN');
  });

  it('names one thing in the singular and any other count in the plural', () => {
    expect(countOf(1, 'visit')).toBe('1 visit');
    expect(countOf(0, 'visit')).toBe('0 visits');
    expect(countOf(1200, 'person', 'people')).toBe('1,200 people');
  });
});
