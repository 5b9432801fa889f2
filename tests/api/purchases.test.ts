import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createUser, setPlan } from '../helpers/factories.ts';
import {
  STRIPE_TEST_KEY,
  type StripeStandIn,
  paidSession,
  refundedCharge,
  signedEvent,
  startStripeStandIn,
  stripeTestSettings,
} from '../helpers/stripe-stand-in.ts';

// Plans and add-ons bought through Stripe Checkout (issue 33 §2). Stripe's
// servers cannot be reached from here: the site's `stripe` client talks to a
// local HTTP server speaking Stripe's API shape (tests/helpers/stripe-stand-in.ts),
// and webhooks are signed with the `stripe` package's own test-header helper.

let stripe: StripeStandIn;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({
    config: {
      payments: stripeTestSettings(stripe, 'https://links.example.test'),
    },
  });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function checkout(creator: SignedInUser, item: string) {
  return t.app.inject({ method: 'POST', url: '/api/me/checkout', headers: { cookie: creator.cookie }, payload: { item } });
}

/** Open a checkout and answer the session Stripe opened for it. */
async function openCheckout(creator: SignedInUser, item: string) {
  const answer = await checkout(creator, item);
  expect(answer.statusCode, answer.body).toBe(200);
  const session = stripe.sessions.at(-1)!;
  expect(answer.json().data.url).toBe(session.url);
  return session;
}

function deliver(event: ReturnType<typeof signedEvent>) {
  return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: event.headers, payload: event.payload });
}

async function accountOf(creator: SignedInUser) {
  return (await t.app.inject({ url: '/api/auth/me', headers: { cookie: creator.cookie } })).json().data;
}

async function receiptsOf(creator: SignedInUser) {
  return (await t.app.inject({ url: '/api/me/purchases', headers: { cookie: creator.cookie } })).json().data;
}

async function logsOf(action: string) {
  const answer = await t.app.inject({ url: `/api/admin/logs?action=${action}&limit=100`, headers: { cookie: admin.cookie } });
  return answer.json().logs as Array<{ adminUsername: string; targetId: number; details: string }>;
}

describe(`payments through Stripe Checkout (${DIALECT})`, () => {
  it('Pro: the server prices it, and the plan changes only when the signed webhook arrives', async () => {
    const creator = await createUser(t.app);
    const offers = (await t.app.inject({ url: '/api/me/offers', headers: { cookie: creator.cookie } })).json().data;
    expect(offers.currency).toBe('usd');
    expect(offers.offers).toEqual([
      { item: 'pro', amount: 699, refused: null },
      { item: 'business', amount: 1999, refused: null },
      { item: 'verified_badge', amount: 1499, refused: null },
      { item: 'image_hosting', amount: 399, refused: null },
      { item: 'custom_domain', amount: null, refused: 'The custom domain add-on is for Pro accounts: get Pro first.' },
    ]);

    const session = await openCheckout(creator, 'pro');
    const asked = stripe.requests.at(-1)!;
    expect(asked.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);
    expect(asked.fields).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '699',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][product_data][name]': 'Pro plan',
      'metadata[item]': 'pro',
      client_reference_id: String(creator.user.id),
      success_url: 'https://links.example.test/dashboard?tab=account&checkout=done',
      cancel_url: 'https://links.example.test/pricing?checkout=cancelled',
    });
    // No list of payment methods (issue 52 §4): Checkout offers those the operator's Stripe account turns on (dynamic payment methods).
    expect(Object.keys(asked.fields).filter((field) => field.startsWith('payment_method'))).toEqual([]);
    // Opened, not paid: nothing changed, and no receipt yet.
    expect((await accountOf(creator)).plan).toBe('free');
    expect(await receiptsOf(creator)).toEqual([]);

    const paid = signedEvent('checkout.session.completed', paidSession(session));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await accountOf(creator)).plan).toBe('pro');
    const [receipt] = await receiptsOf(creator);
    expect(receipt).toMatchObject({ item: 'pro', fromPlan: 'free', amount: 699, currency: 'usd', status: 'paid' });
    expect(receipt.stripeId).toBe(paidSession(session).payment_intent);
    const logged = (await logsOf('purchase')).filter((entry) => entry.targetId === creator.user.id);
    expect(logged).toEqual([expect.objectContaining({ adminUsername: 'Stripe', details: 'Pro plan, $6.99 (free → pro)' })]);

    // Replayed, the same event changes nothing: still one receipt, one log line.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await receiptsOf(creator)).toHaveLength(1);
    expect((await logsOf('purchase')).filter((entry) => entry.targetId === creator.user.id)).toHaveLength(1);
  });

  it('an upgrade costs the difference; a refund returns the account to its previous plan, logged', async () => {
    const creator = await createUser(t.app);
    await deliver(signedEvent('checkout.session.completed', paidSession(await openCheckout(creator, 'pro'))));
    const offers = (await t.app.inject({ url: '/api/me/offers', headers: { cookie: creator.cookie } })).json().data.offers;
    expect(offers.slice(0, 2)).toEqual([
      { item: 'pro', amount: null, refused: 'Your account already has the Pro plan, which includes this.' },
      { item: 'business', amount: 1300, refused: null },
    ]);
    const upgrade = await openCheckout(creator, 'business');
    expect(upgrade.amount).toBe(1300);
    expect(stripe.requests.at(-1)!.fields['line_items[0][price_data][product_data][name]']).toBe('Business plan (upgrade from Pro)');
    await deliver(signedEvent('checkout.session.completed', paidSession(upgrade)));
    expect((await accountOf(creator)).plan).toBe('business');

    const refund = signedEvent('charge.refunded', refundedCharge(upgrade));
    expect((await deliver(refund)).statusCode).toBe(200);
    expect((await accountOf(creator)).plan).toBe('pro');
    const receipts = await receiptsOf(creator);
    expect(receipts.map((receipt: { item: string; status: string }) => [receipt.item, receipt.status])).toEqual([
      ['business', 'refunded'],
      ['pro', 'paid'],
    ]);
    const refunds = (await logsOf('purchase_refund')).filter((entry) => entry.targetId === creator.user.id);
    expect(refunds).toEqual([
      expect.objectContaining({ adminUsername: 'Stripe', details: 'Business plan, $13.00 refunded (business → pro)' }),
    ]);
    // A replayed refund changes nothing; a partial refund takes nothing back.
    expect((await deliver(refund)).statusCode).toBe(200);
    expect((await deliver(signedEvent('charge.refunded', refundedCharge(upgrade, false)))).statusCode).toBe(200);
    expect((await accountOf(creator)).plan).toBe('pro');
    expect((await logsOf('purchase_refund')).filter((entry) => entry.targetId === creator.user.id)).toHaveLength(1);
  });

  it('add-ons: the verified badge shows on the page, image hosting adds 500 MB; each once, and refunded back', async () => {
    const creator = await createUser(t.app);
    const badge = await openCheckout(creator, 'verified_badge');
    expect(badge.amount).toBe(1499);
    await deliver(signedEvent('checkout.session.completed', paidSession(badge)));
    const page = await t.app.inject({ url: `/api/public/${creator.user.username}` });
    expect(page.json().data.profile.verified).toBe(true);
    expect((await checkout(creator, 'verified_badge')).json()).toEqual({
      code: 'already_owned',
      message: 'Your account already has this add-on.',
    });

    const hosting = await openCheckout(creator, 'image_hosting');
    expect(hosting.amount).toBe(399);
    await deliver(signedEvent('checkout.session.completed', paidSession(hosting)));
    const limits = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: creator.cookie } })).json().data;
    expect(limits.uploads.limitBytes).toBe((10 + 500) * 1024 * 1024);

    await deliver(signedEvent('charge.refunded', refundedCharge(badge)));
    await deliver(signedEvent('charge.refunded', refundedCharge(hosting)));
    expect((await t.app.inject({ url: `/api/public/${creator.user.username}` })).json().data.profile.verified).toBe(false);
    const after = (await t.app.inject({ url: '/api/me/limits', headers: { cookie: creator.cookie } })).json().data;
    expect(after.uploads.limitBytes).toBe(10 * 1024 * 1024);

    // Business shows the badge already: it is not sold to it.
    const business = await createUser(t.app);
    await setPlan(t.app, business.user.id, 'business');
    const refused = await checkout(business, 'verified_badge');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your Business plan already shows the verified badge.');
  });

  it('the custom domain add-on: sold to Pro, included with Business, refunded back', async () => {
    const addOnOf = async (creator: SignedInUser) =>
      (await t.app.db.selectFrom('users').select('customDomainAddOn').where('id', '=', creator.user.id).executeTakeFirstOrThrow())
        .customDomainAddOn;
    const free = await createUser(t.app);
    expect((await checkout(free, 'custom_domain')).statusCode).toBe(409);
    const business = await createUser(t.app);
    await setPlan(t.app, business.user.id, 'business');
    expect((await checkout(business, 'custom_domain')).json().message).toBe('Your Business plan already includes a custom domain.');

    const pro = await createUser(t.app);
    await setPlan(t.app, pro.user.id, 'pro');
    const domain = await openCheckout(pro, 'custom_domain');
    expect(domain.amount).toBe(999);
    expect(await addOnOf(pro)).toBe(0);
    await deliver(signedEvent('checkout.session.completed', paidSession(domain)));
    expect(await addOnOf(pro)).toBe(1);
    expect((await checkout(pro, 'custom_domain')).json().message).toBe('Your account already has this add-on.');
    await deliver(signedEvent('charge.refunded', refundedCharge(domain)));
    expect(await addOnOf(pro)).toBe(0);
  });

  it('refuses bad webhooks (400), changing nothing', async () => {
    const creator = await createUser(t.app);
    const session = await openCheckout(creator, 'pro');
    const refusals = [
      signedEvent('checkout.session.completed', paidSession(session), { secret: 'whsec_someone_else' }),
      // Signed six minutes ago: a replay of an old delivery.
      signedEvent('checkout.session.completed', paidSession(session), { timestamp: Math.floor(Date.now() / 1000) - 360 }),
      signedEvent('checkout.session.completed', paidSession(session, { amount_total: 1 })),
      signedEvent('checkout.session.completed', paidSession(session, { currency: 'eur' })),
      signedEvent('checkout.session.completed', paidSession(session, { metadata: { item: 'lifetime_everything' } })),
      signedEvent('checkout.session.completed', paidSession({ ...session, id: 'cs_test_never_opened_here' })),
      signedEvent('charge.refunded', { ...refundedCharge(session), payment_intent: 'pi_of_someone_else' }),
    ];
    for (const event of refusals) {
      const answer = await deliver(event);
      expect(answer.statusCode, event.payload).toBe(400);
      expect(answer.json().code).toBe('webhook_refused');
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: refusals[2]!.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await accountOf(creator)).plan).toBe('free');
    expect(await receiptsOf(creator)).toEqual([]);
    // The genuine one still counts afterwards: a refused event was not remembered as handled.
    expect((await deliver(signedEvent('checkout.session.completed', paidSession(session)))).statusCode).toBe(200);
    expect((await accountOf(creator)).plan).toBe('pro');
  });

  it('prices come only from the server; a plan held or below is not sold; Stripe down is a clear 502', async () => {
    const creator = await createUser(t.app);
    const withAmount = await t.app.inject({
      method: 'POST',
      url: '/api/me/checkout',
      headers: { cookie: creator.cookie },
      payload: { item: 'pro', amount: 1 },
    });
    expect(withAmount.statusCode).toBe(400);
    expect((await checkout(creator, 'custom_domain')).json().message).toBe('The custom domain add-on is for Pro accounts: get Pro first.');
    await setPlan(t.app, creator.user.id, 'business');
    const lower = await checkout(creator, 'pro');
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('Your account already has the Business plan, which includes this.');

    const other = await createUser(t.app);
    // Stripe's client retries once on a 500: both fail.
    stripe.failNext(500, 2);
    const down = await checkout(other, 'pro');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      code: 'payment_unavailable',
      message: 'The payment page could not be opened. Nothing was charged; please try again in a minute.',
    });
    expect(await t.app.db.selectFrom('purchases').select('id').where('userId', '=', other.user.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/checkout', payload: { item: 'pro' } })).statusCode).toBe(401);
  });

  it('the webhook stays open while the site is closed, and takes no Origin check', async () => {
    const creator = await createUser(t.app);
    const session = await openCheckout(creator, 'pro');
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/site-settings',
      headers: { cookie: admin.cookie },
      payload: { maintenanceMode: true, maintenanceMessage: '' },
    });
    expect(closed.statusCode).toBe(200);
    try {
      const event = signedEvent('checkout.session.completed', paidSession(session));
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { ...event.headers, origin: 'https://stripe.example', 'sec-fetch-site': 'cross-site' },
        payload: event.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/site-settings',
        headers: { cookie: admin.cookie },
        payload: { maintenanceMode: false, maintenanceMessage: '' },
      });
    }
    expect((await t.app.db.selectFrom('users').select('plan').where('id', '=', creator.user.id).executeTakeFirstOrThrow()).plan).toBe(
      'pro',
    );
  });

  it('the admin sees each purchase: user, item, amount, time, Stripe id; creators see only their own', async () => {
    const creator = await createUser(t.app);
    const session = await openCheckout(creator, 'image_hosting');
    await deliver(signedEvent('checkout.session.completed', paidSession(session)));
    const listed = await t.app.inject({ url: '/api/admin/purchases?limit=100', headers: { cookie: admin.cookie } });
    expect(listed.statusCode).toBe(200);
    const row = listed.json().data.purchases.find((purchase: { userId: number }) => purchase.userId === creator.user.id);
    expect(row).toMatchObject({
      username: creator.user.username,
      item: 'image_hosting',
      amount: 399,
      currency: 'usd',
      status: 'paid',
      stripeId: paidSession(session).payment_intent,
    });
    expect(Date.parse(row.paidAt)).not.toBeNaN();
    expect((await t.app.inject({ url: '/api/admin/purchases', headers: { cookie: creator.cookie } })).statusCode).toBe(403);
    const stranger = await createUser(t.app);
    expect(await receiptsOf(stranger)).toEqual([]);
  });

  it('a deleted account’s purchases stay on record for the admin', async () => {
    const creator = await createUser(t.app);
    const session = await openCheckout(creator, 'pro');
    await deliver(signedEvent('checkout.session.completed', paidSession(session)));
    await t.app.db.deleteFrom('users').where('id', '=', creator.user.id).execute();
    const listed = (await t.app.inject({ url: '/api/admin/purchases?limit=100', headers: { cookie: admin.cookie } })).json().data;
    expect(listed.purchases.find((purchase: { username: string }) => purchase.username === creator.user.username)).toMatchObject({
      userId: null,
      item: 'pro',
    });
  });
});

describe('without Stripe configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('says plans are given by the admin, opens no checkout, and has no webhook', async () => {
    const features = (await plain.app.inject({ url: '/api/site/features' })).json().data;
    expect(features.payments).toBeNull();
    const creator = await createUser(plain.app);
    const answer = await plain.app.inject({
      method: 'POST',
      url: '/api/me/checkout',
      headers: { cookie: creator.cookie },
      payload: { item: 'pro' },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ code: 'payments_off', message: 'This site takes no payments. Plans are given by its administrator.' });
    const event = signedEvent('checkout.session.completed', { id: 'cs_test_x' });
    expect(
      (await plain.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: event.headers, payload: event.payload })).statusCode,
    ).toBe(404);
  });

  it('the site’s features name the prices when Stripe is set, and the settings are checked at start', () => {
    const base = { DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://links.example.org' };
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_CURRENCY: 'EUR',
      PRICES: '{"pro":999}',
    });
    expect(config.payments).toMatchObject({ currency: 'eur', origin: 'https://links.example.org' });
    expect(config.prices).toEqual({ pro: 999, business: 1999, verified_badge: 1499, image_hosting: 399, custom_domain: 999 });
    const refused = [
      { STRIPE_SECRET_KEY: 'sk_test_abc' },
      { STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' },
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', PUBLIC_URL: '' },
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_API_URL: 'http://stripe.example.com' },
      { PRICES: '{"pro":-1}' },
      { PRICES: '{"custom_domain":10}' },
      { PRICES: 'cheap' },
    ];
    for (const settings of refused) expect(() => loadConfig({ ...base, ...settings }), JSON.stringify(settings)).toThrow(ConfigError);
  });
});
