import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_LIMITS, isHigherPlan, uploadQuotaMessage } from '#shared/plans.ts';
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
