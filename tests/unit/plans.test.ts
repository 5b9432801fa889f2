import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LIMITS, isHigherPlan, linkLimitMessage, uploadQuotaMessage } from '#shared/plans.ts';
import { IMAGE_HOSTING_ADD_ON_BYTES } from '#shared/purchases.ts';

describe('the plans’ order', () => {
  it('puts Business above Pro above Free, and no plan above itself', () => {
    expect(isHigherPlan('pro', 'free')).toBe(true);
    expect(isHigherPlan('business', 'pro')).toBe(true);
    expect(isHigherPlan('free', 'pro')).toBe(false);
    expect(isHigherPlan('pro', 'pro')).toBe(false);
  });
});

describe('the upload quota’s message', () => {
  it('names the plan’s allowance, and the add-on’s when the account bought it', () => {
    expect(uploadQuotaMessage(DEFAULT_PLAN_LIMITS, { plan: 'free', extraUploadBytes: 0 })).toMatch(
      /^Your Free plan includes 10 MB of uploads/,
    );
    expect(uploadQuotaMessage(DEFAULT_PLAN_LIMITS, { plan: 'free', extraUploadBytes: IMAGE_HOSTING_ADD_ON_BYTES })).toMatch(
      /^Your Free plan and image hosting add-on include 510 MB of uploads/,
    );
  });
});

describe('the link-limit message', () => {
  const links = { free: 5, pro: null, business: null };
  it('names the next plan with more links on this site, and how it is had here: bought, or asked of the administrator', () => {
    expect(linkLimitMessage('free', 5, { sold: true, links })).toBe(
      'The Free plan allows 5 links. Pro has unlimited links. See the plans.',
    );
    expect(linkLimitMessage('free', 5, { sold: false, links })).toBe(
      "The Free plan allows 5 links. Plans here are given by the site's administrator: ask them for Pro, with unlimited links. See the plans.",
    );
  });
  it('skips a plan that has no more links here, and promises nothing past the last plan', () => {
    expect(linkLimitMessage('free', 5, { sold: true, links: { free: 5, pro: 5, business: 50 } })).toBe(
      'The Free plan allows 5 links. Business has 50 links. See the plans.',
    );
    expect(linkLimitMessage('business', 50, { sold: true, links: { free: 5, pro: 20, business: 50 } })).toBe(
      'The Business plan allows 50 links.',
    );
  });
});
