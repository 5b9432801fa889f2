import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createLink, createUser, setPlan } from '../helpers/factories.ts';
import type { Plan } from '#shared/constants.ts';
import { MP3_SAMPLE } from '../helpers/uploads.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { afterNextFrames, axeViolationsOf, expectCloseToAsk, signInPage } from '../helpers/pages.ts';

const running = useServerAndBrowser();

/** A creator signed in; on Pro unless said (the whole editor: Free keeps the default font, issue 33). */
async function signedInPage(options: { reducedMotion?: 'reduce' | 'no-preference'; plan?: Plan } = {}) {
  const creator = await createUser(running.server.testApp.app, { password: 'secret123', displayName: 'Nova' });
  await setPlan(running.server.testApp.app, creator.user.id, options.plan ?? 'pro');
  await createLink(running.server.testApp.app, creator, { title: 'Portfolio', url: 'https://example.com/' });
  await createLink(running.server.testApp.app, creator, { title: 'Videos', url: 'https://example.com/v', color: 'orange-red' });
  const page = await signInPage(
    running.browser,
    running.server.baseUrl,
    { username: creator.user.username, password: 'secret123' },
    { width: 1366, reducedMotion: options.reducedMotion ?? 'reduce' },
  );
  return { page, username: creator.user.username, cookie: creator.cookie, creator };
}

/** Computed styles of the same elements, in the preview or on the public page. */
const STYLED = [
  ['.lv-page', ['fontFamily', 'fontSize', 'color', 'letterSpacing']],
  ['.lv-name', ['fontWeight', 'fontSize']],
  ['.lv-link', ['borderTopWidth', 'borderTopColor', 'borderTopLeftRadius', 'color', 'boxShadow', 'minHeight']],
  ['.lv-avatar', ['borderTopLeftRadius', 'width', 'height']],
] as const;

function stylesIn(page: Page, scope: string) {
  return page.evaluate(
    ({ scope, styled }) =>
      styled.map(([selector, properties]) => {
        const element = document.querySelector(`${scope} ${selector}`);
        if (!element) return [selector, null];
        const style = getComputedStyle(element);
        return [selector, properties.map((property) => style[property as keyof CSSStyleDeclaration])];
      }),
    { scope, styled: STYLED as unknown as [string, string[]][] },
  );
}

describe('unsaved edits', () => {
  it('are not dropped by a tab switch or by closing the page without asking', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Font', { exact: true }).selectOption('Lora');
    await expect.poll(() => page.getByText('You have unsaved changes.').isVisible()).toBe(true);

    // The Customize draft survives a tab switch: nothing is asked, and it is there on coming back.
    await page.getByRole('button', { name: 'Account', exact: true }).first().click();
    await page.waitForURL('**/dashboard?tab=account');
    await page.getByRole('button', { name: 'Customize Profile', exact: true }).first().click();
    await page.getByRole('tab', { name: 'Text' }).click();
    expect(await page.getByLabel('Font', { exact: true }).inputValue()).toBe('Lora');
    expect(await page.getByText('You have unsaved changes.').isVisible()).toBe(true);

    // A Profile edit, which a tab switch would drop, asks first; Stay keeps it.
    await page.getByRole('button', { name: 'Profile Settings', exact: true }).first().click();
    await page.getByLabel('Bio').fill('Half a bio');
    await page.getByRole('button', { name: 'Analytics', exact: true }).first().click();
    const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Profile Settings');
    expect(await ask.textContent()).not.toContain('Customize');
    await ask.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('tab=profile');
    expect(await page.getByLabel('Bio').inputValue()).toBe('Half a bio');

    // Closing or reloading the page asks the browser's own question.
    await expectCloseToAsk(page);
    await page.context().close();
  });

  it('leave when the creator says so, and nothing is asked once they are saved', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard?tab=profile');
    await page.getByLabel('Bio').fill('A bio not saved yet');
    await page.getByRole('button', { name: 'Analytics', exact: true }).first().click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Discard changes' }).click();
    await page.waitForURL('**/dashboard?tab=analytics');
    await page.goto('/dashboard?tab=profile');
    expect(await page.getByLabel('Bio').inputValue()).toBe('');
    await page.getByLabel('Bio').fill('Saved this time');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Settings saved', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Analytics', exact: true }).first().click();
    await page.waitForURL('**/dashboard?tab=analytics');
    await page.context().close();
  });
});

describe('a plan’s fonts, themes and layouts', () => {
  it('shows Free the other fonts, themes and layouts locked, says which plans have them, and leads to Pricing', async () => {
    const { page } = await signedInPage({ plan: 'free' });
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Text' }).click();
    const font = page.getByLabel('Font', { exact: true });
    expect(await font.inputValue()).toBe('Inter');
    expect(await font.locator('option[value="Lora"]').isDisabled()).toBe(true);
    expect(await font.locator('option[value="Lora"]').textContent()).toBe('Lora (Pro and Business)');
    await expect.poll(() => page.getByText('Fonts other than the default (Inter) come with Pro and Business.').isVisible()).toBe(true);
    expect(await axeViolationsOf(page)).toEqual([]);
    // The layout too: the default is Free's, the others are shown locked.
    // Each layout is a small preview of the creator's own page in it (issue 52), the locked ones with the plans that have them.
    await page.getByRole('tab', { name: 'Layout' }).click();
    const layout = (name: string) => page.getByTestId('layout-picker').getByRole('radio', { name, exact: true });
    expect(await layout('Classic').getAttribute('aria-checked')).toBe('true');
    expect(await layout('Card').isDisabled()).toBe(true);
    expect(
      await layout('Card')
        .getAttribute('aria-describedby')
        .then((id) => page.locator(`[id="${id}"]`).textContent()),
    ).toBe('With Pro and Business. Everything on one card over your background.');
    expect(await layout('Bento').isDisabled()).toBe(true);
    expect(await page.getByTestId('layout-picker').locator('.lv-page').count()).toBe(12);
    expect(await page.locator('[data-layout-choice="bento"] .lv-page').getAttribute('data-layout')).toBe('bento');
    expect(await page.locator('[data-layout-choice="bento"] .lv-page').textContent()).toContain('Portfolio');
    expect(await axeViolationsOf(page)).toEqual([]);
    // Themes: the 8 basic ones are Free's; the others, the named gradients and the theme's own colours are shown locked.
    await page.getByRole('tab', { name: 'Colors' }).click();
    expect(await page.getByRole('button', { name: 'Cyber (Pro and Business)' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sunset (Pro and Business)' }).isDisabled()).toBe(true); // the named gradient
    expect(await page.getByLabel('Primary colour', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Accent colour', { exact: true }).isDisabled()).toBe(false);
    expect(await page.getByRole('radio', { name: 'Image' }).isDisabled()).toBe(true);
    await expect
      .poll(() =>
        page.getByText('Your own colours and backgrounds, and themes beyond the 8 basic ones, come with Pro and Business.').isVisible(),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Ocean', exact: true }).click();
    await expect.poll(() => page.getByText('The Ocean theme is in your draft').isVisible()).toBe(true);
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    expect(await preview.evaluate((element) => getComputedStyle(element).getPropertyValue('--lv-primary'))).toBe('#0369A1');
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByRole('link', { name: 'See Pricing' }).first().click();
    await page.waitForURL('**/pricing');
    expect(await page.getByTestId('plan-free').textContent()).toContain('8 basic themes');
    expect(await page.getByTestId('plan-pro').textContent()).toContain('All 24 themes, and your own colours and backgrounds');
    // What Free has is ticked, never crossed out: a ✕ before "the default font" read as no font.
    const free = page.getByTestId('plan-free');
    for (const feature of ['One font: Inter', 'One page layout: Classic'])
      expect(await free.getByRole('listitem').filter({ hasText: feature }).getByLabel('Included').count(), feature).toBe(1);
    expect(await page.getByTestId('plan-pro').textContent()).toContain('5 of the 12 page layouts');
    expect(await page.getByTestId('plan-business').textContent()).toContain('All 12 page layouts');
    await page.context().close();
  });
});

describe('a downgrade', () => {
  it('keeps every link, and says on each one past the plan’s limit that the page leaves it off', async () => {
    const { page, creator } = await signedInPage({ plan: 'pro' });
    const { app } = running.server.testApp;
    for (const title of ['Three', 'Four', 'Five', 'Six']) await createLink(app, creator, { title, url: 'https://example.com/more' });
    await setPlan(app, creator.user.id, 'free');
    await page.goto('/dashboard?tab=links');
    const sixth = page.locator('[data-link-id]').filter({ hasText: 'Six' });
    await expect.poll(() => sixth.getByTestId('past-plan').textContent()).toContain('Not on your page: your plan shows 5 links.');
    expect(await page.locator('[data-link-id]').filter({ hasText: 'Five' }).getByTestId('past-plan').count()).toBe(0);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('lists on the overview what the plan leaves off the page, each with where to find it', async () => {
    const { page, creator, cookie } = await signedInPage({ plan: 'pro' });
    const { app } = running.server.testApp;
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: /Welcome/ }).isVisible()).toBe(true);
    expect(await page.getByTestId('past-plan-card').count()).toBe(0); // Pro draws everything
    for (const title of ['Three', 'Four', 'Five', 'Six', 'Seven'])
      await createLink(app, creator, { title, url: 'https://example.com/more' });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie },
      payload: { font: 'Lora', profileLayout: 'card', primaryColor: '#123456' },
    });
    expect(saved.statusCode).toBe(200);
    await setPlan(app, creator.user.id, 'free');
    await page.reload();
    const card = page.getByTestId('past-plan-card');
    await expect.poll(() => card.isVisible()).toBe(true);
    const text = await card.textContent();
    expect(text).toContain('Your Free plan leaves these off your page.');
    expect(text).toContain('2 links past the 5 your plan shows.');
    expect(text).toContain('The Lora font: your page shows Inter.');
    expect(text).toContain('The Card layout: your page shows the Classic one.');
    expect(text).toContain('Your own theme colours and background: your page shows the default theme.');
    expect(await axeViolationsOf(page)).toEqual([]);
    await card.getByRole('button', { name: 'Open Customize' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'customize');
    await page.context().close();
  });
});

describe('customizing the page', () => {
  it('shows each change in the preview at once, saves it, and the public page looks the same', async () => {
    const { page, username } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await page.getByText('Live preview: Save Changes puts it on your page').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByLabel('Font', { exact: true }).selectOption('Lora');
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).fontFamily)).toContain('Lora');

    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByLabel('Text colour', { exact: true }).fill('#FDE68A');
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(253, 230, 138)');

    await page.getByRole('tab', { name: 'Buttons' }).click();
    await page.getByRole('radio', { name: 'Neon' }).click();
    await expect.poll(() => preview.getAttribute('data-button')).toBe('neon');

    await page.getByRole('tab', { name: 'Layout' }).click();
    await page.getByTestId('layout-picker').getByRole('radio', { name: 'Tiles', exact: true }).click();
    await expect.poll(() => preview.getAttribute('data-layout')).toBe('tiles');
    await page.getByRole('radiogroup', { name: 'Shape' }).last().getByRole('radio', { name: 'Square' }).click();
    await page.getByRole('tab', { name: 'Effects' }).click();
    await page.getByLabel('Effect', { exact: true }).selectOption('dots');
    await expect.poll(() => preview.getAttribute('data-effect')).toBe('dots');
    expect(await page.getByText('You have unsaved changes.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Settings saved!').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Everything is saved.').isVisible()).toBe(true);
    const inPreview = await stylesIn(page, '[data-testid="profile-preview"]');

    const visitor = await running.browser.newContext({ viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${running.server.baseUrl}/${username}`);
    expect(await publicPage.locator('.lv-page').getAttribute('data-button')).toBe('neon');
    expect(await publicPage.locator('.lv-page').getAttribute('data-avatar')).toBe('square');
    expect(await publicPage.locator('.lv-page').getAttribute('data-layout')).toBe('tiles');
    const onPage = await stylesIn(publicPage, 'body');
    expect(onPage).toEqual(inPreview);
    expect(onPage.every(([, values]) => values !== null)).toBe(true);
    await visitor.close();

    // Reset All asks first, saying what goes; Cancel keeps the look (issue 27).
    await page.getByRole('button', { name: 'Reset All' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Reset your whole look?' });
    expect(await ask.textContent()).toContain('custom CSS and uploaded files included');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await (await page.request.get(`/${username}`)).text()).toContain('data-button="neon"');
    // Confirmed, it brings the defaults back, in the preview and on the page.
    await page.getByRole('button', { name: 'Reset All' }).click();
    await ask.getByRole('button', { name: 'Reset everything' }).click();
    const resetToast = page.locator('[data-sonner-toast]').filter({ hasText: 'Reset complete!' });
    await resetToast.waitFor();
    await expect.poll(() => preview.getAttribute('data-button')).toBe('default');
    const after = await page.request.get(`/${username}`);
    expect(await after.text()).toContain('data-button="default"');

    // Its toast's Undo brings the look back, on the page too.
    await resetToast.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByText('Undone: your earlier look is back').isVisible()).toBe(true);
    await expect.poll(() => preview.getAttribute('data-button')).toBe('neon');
    expect(await (await page.request.get(`/${username}`)).text()).toContain('data-button="neon"');
  });

  it('keeps earlier looks to preview and restore, and the restore can be undone', async () => {
    const { page, username } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    await page.getByRole('tab', { name: 'Buttons' }).click();
    await page.getByRole('radio', { name: 'Neon' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Everything is saved.').isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'Glass' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Everything is saved.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Earlier looks' });
    const looks = history.getByRole('list', { name: 'Earlier looks' }).getByRole('listitem');
    await expect.poll(() => looks.count()).toBe(1); // the neon look (the defaults were never a saved look)
    expect(await looks.first().textContent()).toContain('neon buttons');

    // Preview shows it without changing anything.
    await looks
      .first()
      .getByRole('button', { name: /^Preview/ })
      .click();
    await expect.poll(() => page.getByText(/^Previewing the look saved/).isVisible()).toBe(true);
    await expect.poll(() => preview.getAttribute('data-button')).toBe('neon');
    expect(await (await page.request.get(`/${username}`)).text()).toContain('data-button="glass"');
    await page.getByRole('button', { name: 'Back to your draft' }).click();
    await expect.poll(() => preview.getAttribute('data-button')).toBe('glass');

    // Restore makes it the page's look; the toast's Undo brings the glass look back.
    await page.getByRole('button', { name: 'History' }).click();
    await looks
      .first()
      .getByRole('button', { name: /^Restore/ })
      .click();
    const restored = page.locator('[data-sonner-toast]').filter({ hasText: 'Look restored' });
    await restored.waitFor();
    await expect.poll(() => preview.getAttribute('data-button')).toBe('neon');
    expect(await (await page.request.get(`/${username}`)).text()).toContain('data-button="neon"');
    await restored.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => preview.getAttribute('data-button')).toBe('glass');
    expect(await (await page.request.get(`/${username}`)).text()).toContain('data-button="glass"');

    // With unsaved edits, a restore asks before replacing them.
    await page.getByRole('radio', { name: 'Outline' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    await looks
      .first()
      .getByRole('button', { name: /^Restore/ })
      .click();
    const ask = page.getByRole('alertdialog', { name: 'Replace your unsaved changes?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await preview.getAttribute('data-button')).toBe('outline');
    await page.context().close();
  });

  it('says which custom CSS the page leaves out, and why, as it is typed', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page
      .getByLabel('CSS', { exact: true })
      .fill('@import url(https://evil.example/x.css);\n.lv-link { position: fixed; color: red }');
    const report = page.locator('#custom-css-dropped');
    await expect.poll(() => report.textContent()).toContain('Line 1: @import — only @media, @supports and @keyframes are allowed');
    expect(await report.textContent()).toContain('Line 2: position: fixed — fixed and sticky positions could cover the rest of the page');
    expect(await report.textContent()).not.toContain('color');
    await page.getByLabel('CSS', { exact: true }).fill('.lv-link { color: red }');
    await expect.poll(() => report.textContent()).toBe('');
    await page.context().close();
  });

  it('turns the page light with Dark mode off, its text turning dark with it', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    await expect.poll(() => preview.isVisible()).toBe(true);
    const scrim = () => preview.locator('.lv-backdrop').evaluate((element) => getComputedStyle(element, '::after').backgroundImage);
    const darkScrim = await scrim();
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => preview.getAttribute('data-light')).not.toBeNull();
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(24, 24, 27)');
    expect(await scrim()).not.toBe(darkScrim);
    expect(await scrim()).toContain('rgba(255, 255, 255');
    // And back: the light text returns.
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(244, 244, 245)');
    await page.context().close();
  });

  it('warns when text falls below WCAG AA, and one click takes the nearest colour that passes', async () => {
    const { page, username } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Colors' }).click();
    const warnings = page.getByText(/reads at \d+\.\d:1, under the 4\.5:1 that WCAG AA asks of text/);
    // The default text passes, and so does the link that follows the theme; the orange-red one does not under white text.
    await expect.poll(() => warnings.count()).toBe(1);
    await expect.poll(() => page.getByText("Your page's text on its background").count()).toBe(0);

    await page.getByLabel('Text colour', { exact: true }).fill('#777777');
    const textWarning = page.getByText("Your page's text on its background reads at");
    await expect.poll(() => textWarning.isVisible()).toBe(true);
    const fix = page.getByRole('button', { name: /^Use #[0-9A-F]{6}$/ });
    const suggested = (await fix.textContent())!.replace('Use ', '');
    await fix.click();
    await expect.poll(() => page.getByLabel('Text colour', { exact: true }).inputValue()).toBe(suggested);
    await expect.poll(() => textWarning.count()).toBe(0);

    // The orange-red link can follow the theme instead, whose colours read: saved at once, and Undo puts it back.
    const linkColours = async () =>
      Object.fromEntries(
        ((await (await page.request.get(`/api/public/${username}`)).json()).data.links as { title: string; color: string }[]).map(
          (link) => [link.title, link.color],
        ),
      );
    const orange = page.locator('div', { has: page.getByText('Button text on the orange-red gradient (1 link)') }).last();
    await orange.getByRole('button', { name: 'Make it follow the theme' }).click();
    await expect.poll(async () => (await linkColours()).Videos).toBe('theme');
    await expect.poll(() => page.getByText('Button text on the orange-red gradient').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await linkColours()).Videos).toBe('orange-red');
    await page.context().close();
  });

  it('on a phone, floats a live preview over the panel that follows each edit (issue 51 §2)', async () => {
    const { page } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Live preview' });
    const preview = panel.getByTestId('profile-preview').locator('.lv-page');
    await expect.poll(() => preview.isVisible()).toBe(true);
    // The panel takes the lower part of the screen: the themes above it stay in reach, and each one shows at once.
    const ocean = page.getByRole('button', { name: 'Ocean', exact: true }).first();
    await ocean.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 180));
    await ocean.click();
    await expect.poll(() => preview.evaluate((element) => getComputedStyle(element).getPropertyValue('--lv-primary'))).toBe('#0369A1');
    expect(await axeViolationsOf(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Close preview' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await page.context().close();
  });

  it('applies a quick theme and a named gradient to the draft', async () => {
    const { page } = await signedInPage();
    await page.goto('/dashboard?tab=customize');
    await page.getByRole('tab', { name: 'Colors' }).click();
    await page.getByRole('button', { name: 'Ocean' }).first().click();
    await expect.poll(() => page.getByText('The Ocean theme is in your draft').isVisible()).toBe(true);
    const preview = page.getByTestId('profile-preview').locator('.lv-page');
    expect(await preview.evaluate((element) => getComputedStyle(element).getPropertyValue('--lv-primary'))).toBe('#0369A1');
    // The avatar's border follows the theme (issue 27), and so does the button of a link without its own colour (issue 51);
    // the orange-red one keeps its own.
    expect(await preview.locator('.lv-avatar').evaluate((element) => getComputedStyle(element).borderTopColor)).toBe('rgb(3, 105, 161)');
    const fillOf = (title: string) =>
      preview.getByRole('link', { name: title }).evaluate((element) => getComputedStyle(element, '::before').backgroundImage);
    expect(await fillOf('Portfolio')).toBe('linear-gradient(135deg, rgb(3, 105, 161), rgb(14, 116, 144))');
    expect(await fillOf('Videos')).toBe('linear-gradient(135deg, rgb(249, 115, 22), rgb(239, 68, 68))');
    await page.getByRole('button', { name: 'Cotton Candy' }).click();
    await expect.poll(() => page.getByText('The Cotton Candy gradient is in your draft').isVisible()).toBe(true);
    expect(await preview.evaluate((element) => getComputedStyle(element).getPropertyValue('--lv-bg'))).toContain('#F9A8D4');
  });

  it('honours reduced motion: the visitor’s setting and the profile’s own', async () => {
    const { page, username } = await signedInPage({ reducedMotion: 'no-preference' });
    const animationOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      const visitor = await running.browser.newContext({ reducedMotion });
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${running.server.baseUrl}/${username}`);
      const name = await visitorPage.locator('.lv-card').evaluate((element) => getComputedStyle(element).animationName);
      await visitor.close();
      return name;
    };
    expect(await animationOf('no-preference')).toBe('lv-fade');
    expect(await animationOf('reduce')).toBe('none');
    const saved = await page.request.put('/api/me/customization', {
      data: { reducedMotion: true, linkButtonAnimation: 'pulse' },
      headers: { origin: running.server.baseUrl },
    });
    expect(saved.status()).toBe(200);
    expect(await animationOf('no-preference')).toBe('none');
  });

  it('draws particles with the effects script, and leaves the still CSS dots to visitors who ask for less motion', async () => {
    const { page, username } = await signedInPage();
    const saved = await page.request.put('/api/me/customization', {
      data: { backgroundEffect: 'particles', particleType: 'confetti', particleCount: 150, particleDensity: 'high' },
      headers: { origin: running.server.baseUrl },
    });
    expect(saved.status()).toBe(200);
    const visit = async (reducedMotion: 'reduce' | 'no-preference') => {
      const visitor = await running.browser.newContext({ reducedMotion });
      const publicPage = await visitor.newPage();
      const errors: string[] = [];
      publicPage.on('pageerror', (error) => errors.push(error.message));
      // goto waits for the load event: the effects script has run by then; then a frame for the canvas.
      await publicPage.goto(`${running.server.baseUrl}/${username}`);
      await afterNextFrames(publicPage);
      const state = {
        canvas: await publicPage.locator('canvas.lv-particles').count(),
        live: await publicPage.locator('.lv-page.lv-particles-live').count(),
        errors,
        // What the canvas holds under the buttons, the name and the bio's lines (nothing), and elsewhere (particles).
        drawn: await publicPage.evaluate(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('canvas.lv-particles');
          if (!canvas) return null;
          const context = canvas.getContext('2d')!;
          const origin = canvas.getBoundingClientRect();
          const scale = canvas.width / origin.width;
          const inked = (rect: DOMRect) => {
            const pixels = context.getImageData(
              Math.floor((rect.left - origin.left) * scale),
              Math.floor((rect.top - origin.top) * scale),
              Math.ceil(rect.width * scale),
              Math.ceil(rect.height * scale),
            ).data;
            let count = 0;
            for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 0) count++;
            return count;
          };
          const content = [...document.querySelectorAll('.lv-link, .lv-avatar, .lv-name-text')].map((element) =>
            element.getBoundingClientRect(),
          );
          return { overContent: content.reduce((sum, rect) => sum + inked(rect), 0), anywhere: inked(origin) };
        }),
      };
      await visitor.close();
      return state;
    };
    const moving = await visit('no-preference');
    expect(moving).toMatchObject({ canvas: 1, live: 1, errors: [] });
    // Particles float around the content, never over a button, the picture or the name.
    expect(moving.drawn!.anywhere).toBeGreaterThan(0);
    expect(moving.drawn!.overContent).toBe(0);
    expect(await visit('reduce')).toEqual({ canvas: 0, live: 0, errors: [], drawn: null });
  });

  it('types the tab title with the effects script, and keeps the music still until the visitor presses play', async () => {
    const { page, username } = await signedInPage();
    const mp3 = MP3_SAMPLE;
    const upload = await page.request.post('/api/media/audio', {
      multipart: { file: { name: 'song.mp3', mimeType: 'audio/mpeg', buffer: mp3 } },
      headers: { origin: running.server.baseUrl },
    });
    expect(upload.status()).toBe(201);
    const saved = await page.request.put('/api/me/customization', {
      data: { animatedTitle: true, audioFile: (await upload.json()).data.url },
      headers: { origin: running.server.baseUrl },
    });
    expect(saved.status()).toBe(200);

    const visitor = await running.browser.newContext({ reducedMotion: 'no-preference' });
    const publicPage = await visitor.newPage();
    const errors: string[] = [];
    publicPage.on('pageerror', (error) => errors.push(error.message));
    publicPage.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await publicPage.goto(`${running.server.baseUrl}/${username}`);
    const fullTitle = await publicPage.title();
    await expect.poll(() => publicPage.title()).not.toBe(fullTitle);
    expect(fullTitle.startsWith(await publicPage.title())).toBe(true);
    const audio = publicPage.locator('.lv-music audio');
    expect(await audio.evaluate((element: HTMLAudioElement) => [element.paused, element.autoplay, element.controls])).toEqual([
      true,
      false,
      true,
    ]);
    expect(errors).toEqual([]);

    // With the volume control off, the player becomes one play button (the volume stays the visitor's device's).
    await page.request.put('/api/me/customization', { data: { volumeControl: false }, headers: { origin: running.server.baseUrl } });
    await publicPage.goto(`${running.server.baseUrl}/${username}`);
    const toggle = publicPage.getByRole('button', { name: '▶ Play music' });
    await expect.poll(() => toggle.isVisible()).toBe(true);
    expect(await audio.evaluate((element: HTMLAudioElement) => [element.controls, element.hidden])).toEqual([false, true]);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await visitor.close();
  });
});

describe('the profile tab and the picture', () => {
  it('saves the bio with its counter, changes the username once, and locks it', async () => {
    const { page, username } = await signedInPage();
    await page.goto('/dashboard?tab=profile');
    await page.getByLabel('Bio').fill('Designer and maker');
    expect(await page.getByTestId('bio-counter').textContent()).toBe('18/160');
    await page.getByLabel('Bio').fill('x'.repeat(161));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Bio cannot exceed 160 characters' }).isVisible()).toBe(true);
    await page.getByLabel('Bio').fill('Designer and maker');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Settings saved', { exact: true }).isVisible()).toBe(true);

    // A pasted name too long is refused with the rule's message, not cut short (issue 27).
    await page.getByLabel('Username').fill('a'.repeat(25));
    expect(await page.getByLabel('Username').inputValue()).toBe('a'.repeat(25));
    await page.getByRole('button', { name: 'Change username' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Username cannot exceed 20 characters' }).isVisible()).toBe(true);

    // The change asks first, saying the new address, the old one's redirect and the lock; Cancel changes nothing.
    const newName = `${username.slice(0, 14)}_new`;
    await page.getByLabel('Username').fill(newName);
    await page.getByRole('button', { name: 'Change username' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change your username?' });
    await dialog.waitFor();
    const said = await dialog.textContent();
    expect(said).toContain(`/${newName}`);
    expect(said).toContain(`/${username}, sends visitors to the new one for 30 days`);
    expect(said).toContain('again in 90 days');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await page.request.get(`/${username}`, { maxRedirects: 0 })).status()).toBe(200);
    await page.getByRole('button', { name: 'Change username' }).click();
    await dialog.getByRole('button', { name: 'Change username' }).click();
    await expect.poll(() => page.getByText('You can change it again in 90 days.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('username-locked').isVisible()).toBe(true);
    expect(await page.getByLabel('Username').isDisabled()).toBe(true);
    expect(await page.getByText('You can change your username again in 90 days.').isVisible()).toBe(true);

    const moved = await page.request.get(`/${username}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    const page2 = await page.request.get(`/${newName}`);
    expect(await page2.text()).toContain('Designer and maker');
  });

  it('uploads a picture from /upload-profile-image: preview, save once, then on the page and in its share image', async () => {
    const { page, username } = await signedInPage();
    await page.goto('/upload-profile-image');
    await expect.poll(() => page.getByRole('link', { name: 'Back to Dashboard' }).isVisible()).toBe(true);
    const input = page.getByLabel('Choose a profile picture');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => page.getByText('Error: Please select an image file').isVisible()).toBe(true);
    // A damaged image is refused, saying so; the next pick still previews (issue 27).
    await input.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG not really an image') });
    await expect.poll(() => page.getByText(/could not be read\. It may be damaged/).isVisible()).toBe(true);

    const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22c55e' } })
      .png()
      .toBuffer();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
    await expect.poll(() => page.getByTestId('avatar-preview').locator('img').getAttribute('src')).toMatch(/^data:image\/png/);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();
    await expect.poll(() => page.getByText('Profile picture updated successfully!').isVisible()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    // Saved, it is the current picture, from the server, with Remove beside it.
    await expect.poll(() => page.getByTestId('avatar-preview').locator('img').getAttribute('src')).toMatch(/^\/media\//);
    expect(await page.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    // And the Profile tab shows it without a reload.
    await page.goto('/dashboard?tab=profile');
    await expect.poll(() => page.getByTestId('avatar-preview').locator('img').getAttribute('src')).toMatch(/^\/media\//);
    expect(await page.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);

    const visitor = await running.browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${running.server.baseUrl}/${username}`);
    const src = await publicPage.locator('.lv-avatar img').getAttribute('src');
    expect(src).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    // The page's share image is drawn with the picture (tests/api/share-image.test.ts looks at its pixels).
    const shareImage = (await publicPage.locator('meta[property="og:image"]').getAttribute('content'))!;
    expect(shareImage).toMatch(new RegExp(`^${running.server.baseUrl}/${username}/og\\.png\\?v=[\\w-]{12}$`));
    const drawn = await publicPage.request.get(shareImage);
    expect([drawn.status(), drawn.headers()['content-type']]).toEqual([200, 'image/png']);
    expect(await publicPage.locator('.lv-avatar img').evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(400);
    await visitor.close();
  });
});
