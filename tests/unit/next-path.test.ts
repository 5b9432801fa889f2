import { describe, expect, it } from 'vitest';
import { safeNextPath } from '#shared/next-path.ts';

describe('the page to return to after signing in', () => {
  it('is a path on this site, with its query', () => {
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/dashboard?tab=analytics')).toBe('/dashboard?tab=analytics');
    // Encoded characters stay encoded: still a path here.
    expect(safeNextPath('/%0d%0aLocation:%20x')).toBe('/%0d%0aLocation:%20x');
  });

  it('is the dashboard for anything that could lead elsewhere, or back to the form', () => {
    for (const hostile of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\u0000admin',
      '',
      null,
      undefined,
      'dashboard',
      '/login',
      '/register?x=1',
    ]) {
      expect(safeNextPath(hostile), String(hostile)).toBe('/dashboard');
    }
  });
});
