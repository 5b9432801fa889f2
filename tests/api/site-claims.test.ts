import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATORS_SHOWN_FROM } from '#shared/account.ts';
import { DEFAULT_PLAN_LIMITS } from '#shared/plans.ts';
import { mergePlanLimits } from '#server/config.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createUser } from '../helpers/factories.ts';

// Nothing promised that isn't there (issue 27): the figures the landing and
// sign-in pages may show are the site's own, the Community link is the
// operator's or none, and the pricing page reads what each plan allows here.

const features = async (t: TestApp) => (await t.app.inject({ url: '/api/site/features' })).json().data;

describe(`what the site says about itself (${DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows no creator count, no community link and the default plan limits on a fresh install', async () => {
    await createUser(t.app);
    expect(await features(t)).toMatchObject({ creators: null, communityUrl: null, socialProof: null, planLimits: DEFAULT_PLAN_LIMITS });
    // No support person is claimed for any plan (issue 52 §4) until the operator names one.
    expect((await features(t)).planSupport).toEqual({ free: null, pro: null, business: null });
  });

  it(`counts active creators once there are ${CREATORS_SHOWN_FROM}, leaving out deactivated and leaving accounts`, async () => {
    const at = new Date().toISOString();
    const row = (n: number, extra: object = {}) => ({
      username: `crowd${n}`,
      passwordHash: 'not-a-password',
      displayName: '',
      bio: '',
      role: 'user' as const,
      plan: 'free' as const,
      isActive: 1,
      verified: 0,
      createdAt: at,
      updatedAt: at,
      ...extra,
    });
    const existing = Number(
      (
        await t.app.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    // One short of the threshold, with a deactivated account and one waiting out its deletion beside them.
    const rows = Array.from({ length: CREATORS_SHOWN_FROM - existing - 1 }, (_, n) => row(n));
    rows.push(row(1000, { isActive: 0 }), row(1001, { deleteAfter: at }));
    await t.app.db.insertInto('users').values(rows).execute();
    // A fresh app, so that the count is not the one cached a minute ago.
    const fresh = await createTestApp({ shareDatabaseWith: t });
    try {
      expect((await features(fresh)).creators).toBeNull();
      await fresh.app.db
        .updateTable('users')
        .set({ isActive: 1, deleteAfter: null })
        .where('username', 'in', ['crowd1000', 'crowd1001'])
        .execute();
      const again = await createTestApp({ shareDatabaseWith: t });
      expect((await features(again)).creators).toBe(CREATORS_SHOWN_FROM + 1);
      await again.close();
    } finally {
      await fresh.close();
    }
  });
});

describe(`an operator's own settings (${DIALECT})`, () => {
  it("say the operator's line instead of any count, link their community, and tell the plans' real limits", async () => {
    const planLimits = mergePlanLimits({ free: { links: 12 }, pro: { uploadBytes: 200 * 1024 * 1024 } });
    const t = await createTestApp({
      config: {
        communityUrl: 'https://chat.example/invite',
        socialProof: 'Home of the Lisbon makers',
        planLimits,
        planSupport: { free: null, pro: 'help@links.example', business: 'https://links.example/your-manager' },
      },
    });
    try {
      expect(await features(t)).toMatchObject({
        communityUrl: 'https://chat.example/invite',
        socialProof: 'Home of the Lisbon makers',
        planSupport: { free: null, pro: 'help@links.example', business: 'https://links.example/your-manager' },
        creators: null,
        planLimits: {
          free: { links: 12, uploadBytes: DEFAULT_PLAN_LIMITS.free.uploadBytes },
          pro: { links: null, uploadBytes: 200 * 1024 * 1024 },
        },
      });
    } finally {
      await t.close();
    }
  });
});
