import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../helpers/factories.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';
import { type StripeStandIn, paidSession, signedEvent, startStripeStandIn, stripeTestSettings } from '../helpers/stripe-stand-in.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// Buying a plan in the browser (issue 33 §2). Stripe cannot be reached from
// here: a local server speaking its API stands in for it, and its payment
// page only names the session. The test then does what Stripe does: sends the
// signed webhook, and the buyer back to the dashboard. Axe on the pricing page,
// the receipts and the admin's purchases, at 390 and 1366 px.

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());
const running = useServerAndBrowser(() => ({
  payments: stripeTestSettings(stripe, 'http://localhost'),
  // Business's support is named (PLAN_SUPPORT); Free's and Pro's are not, and their cards claim none.
  planSupport: { free: null, pro: null, business: 'accounts@links.example' },
}));

async function signedIn(username: string, password: string, width: number): Promise<Page> {
  return signInPage(running.browser, running.server.baseUrl, { username, password }, { width, next: '/pricing' });
}

async function deliver(event: ReturnType<typeof signedEvent>) {
  const answer = await fetch(`${running.server.baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: event.headers,
    body: event.payload,
  });
  expect(answer.status).toBe(200);
}

describe('buying a plan', () => {
  it('Pro, then Business for the difference, each confirmed by Stripe’s webhook, with receipts', async () => {
    const { app } = running.server.testApp;
    const creator = await createUser(app, { password: 'secret123' });
    for (const width of [1366, 390]) {
      const page = await signedIn(creator.user.username, 'secret123', width);
      const pro = page.getByTestId('plan-pro');
      const business = page.getByTestId('plan-business');
      await expect.poll(() => page.getByRole('button', { name: /Get Pro · \$6\.99|Upgrade for/ }).count()).toBeGreaterThan(0);
      expect(await pro.textContent()).toContain('$6.99');
      expect(await page.getByText('One-time payments, no subscription').count()).toBe(1);
      expect(await business.textContent()).toContain('A dedicated account manager: accounts@links.example');
      expect(await pro.textContent()).not.toMatch(/support|account manager/i);
      // No payment method is named: Checkout offers those the operator's Stripe account turns on.
      expect(await page.locator('main').textContent()).not.toMatch(/Visa|Mastercard|credit card|Apple Pay|PayPal/i);
      expect(await axeViolationsOf(page)).toEqual([]);

      const buying =
        width === 1366
          ? pro.getByRole('button', { name: 'Get Pro · $6.99' })
          : business.getByRole('button', { name: 'Upgrade for $13.00' });
      await buying.click();
      await page.waitForURL(`${stripe.url}/pay/**`);
      const session = stripe.sessions.at(-1)!;
      expect(session.amount).toBe(width === 1366 ? 699 : 1300);

      // What Stripe does next: the signed webhook, and the buyer sent back.
      await deliver(signedEvent('checkout.session.completed', paidSession(session)));
      await openAppPage(page, '/dashboard?tab=account&checkout=done');
      const card = page.getByTestId('purchases-card');
      await expect.poll(() => card.textContent()).toContain(width === 1366 ? 'Pro plan' : 'Business plan');
      await expect.poll(() => page.getByText(/Payment confirmed/).count()).toBeGreaterThan(0);
      expect(await card.getByTestId('receipt').count()).toBe(width === 1366 ? 1 : 2);
      expect(await axeViolationsOf(page)).toEqual([]);
      await page.context().close();
    }

    // Back on the pricing page, Business is held: nothing more to sell but the add-ons it does not include.
    const page = await signedIn(creator.user.username, 'secret123', 1366);
    await expect.poll(() => page.getByTestId('plan-pro').textContent()).toContain('Included in your Business plan');
    expect(await page.getByTestId('add-on-verified_badge').textContent()).toContain('already shows the verified badge');
    await page.getByTestId('add-on-image_hosting').getByRole('button', { name: 'Buy · $3.99' }).waitFor();
    await page.context().close();
  });

  it('a cancelled payment says nothing was charged; the admin sees each purchase', async () => {
    const { app } = running.server.testApp;
    const admin = await createAdmin(app);
    await app.db
      .updateTable('users')
      .set({
        passwordHash: (await app.db.selectFrom('users').select('passwordHash').where('id', '=', admin.user.id).executeTakeFirstOrThrow())
          .passwordHash,
      })
      .where('id', '=', admin.user.id)
      .execute();
    const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    await openAppPage(page, '/pricing?checkout=cancelled');
    await page.getByText('Payment cancelled. Nothing was charged.').waitFor();
    // Signed out: each paid plan and add-on asks to sign in first.
    expect(await page.getByRole('link', { name: 'Sign in to buy' }).count()).toBe(5);
    await context.close();

    for (const width of [1366, 390]) {
      const adminPage = await signedIn(admin.user.username, admin.password, width);
      await openAppPage(adminPage, '/admin?tab=purchases');
      const rows = adminPage.getByTestId('purchase-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().textContent()).toContain('$13.00');
      expect(await axeViolationsOf(adminPage)).toEqual([]);
      await adminPage.context().close();
    }
  });
});
