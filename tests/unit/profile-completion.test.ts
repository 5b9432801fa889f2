import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '#shared/user.types.ts';
import { completionSteps } from '#web/features/dashboard/profile-completion.tsx';
import { english } from '#web/lib/words.ts';

const user: CurrentUser = {
  id: 1,
  accountId: 1,
  accountUsername: 'nova',
  pageRole: 'owner',
  username: 'nova',
  displayName: 'nova',
  bio: '',
  email: null,
  profileImage: null,
  role: 'user',
  plan: 'free',
  verified: false,
  isActive: true,
  showUpdated: true,
  markNewLinks: true,
  showViews: true,
  subscribeForm: false,
  subscribeConsent: '',
  contentWarning: null,
  timeZone: null,
  hasPassword: true,
  emailConfirmed: false,
  weeklySummary: false,
  summaryEvery: 'week',
  language: 'en',
  pageSpeaks: 'en',
  deleteAfter: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const doneLabels = (steps: ReturnType<typeof completionSteps>) => steps.filter((step) => step.done).map((step) => english(step.label));

describe('profile completion', () => {
  it('counts nothing for a new account: the display name registration filled in is the username', () => {
    expect(doneLabels(completionSteps(user, 0, false))).toEqual([]);
  });

  it('counts a picture, a chosen name, a bio, a link and a customized look', () => {
    const full = { ...user, profileImage: '/media/x.webp', displayName: 'Nova Star', bio: 'Hi' };
    expect(doneLabels(completionSteps(full, 2, true))).toHaveLength(5);
    expect(doneLabels(completionSteps({ ...user, bio: '   ' }, 1, false))).toEqual(['Add your first link']);
  });
});
