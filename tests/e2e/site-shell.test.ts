import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { pngImage, postMedia } from '../helpers/uploads.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { openAppPage } from '../helpers/pages.ts';

const running = useServerAndBrowser();

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport });
  const page = await context.newPage();
  // Any script error or CSP violation on a page is a failure.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // Anonymous pages do not ask who is signed in (no 401 logged); only a 404 page's own status may be logged.
    if (message.type() === 'error' && !message.text().includes('status of 404')) problems.push(message.text());
  });
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

const problemsOf = (page: Page) => (page as Page & { problems: string[] }).problems;

describe('the landing page', () => {
  it('mirrors the typed username in the sample preview and claims it on /register', async () => {
    const page = await newPage();
    await openAppPage(page, '/');
    expect(await page.getByTestId('preview-username').textContent()).toBe('@yourname');
    await page.getByLabel('Your username').fill('Night_Owl');
    expect(await page.getByTestId('preview-username').textContent()).toBe('@night_owl');
    // The glow fades in after a second, and the three backgrounds take turns every 5 s, by CSS alone.
    await expect.poll(() => page.getByTestId('hero-glow').evaluate((glow) => getComputedStyle(glow).opacity)).toBe('1');
    const backgrounds = await page.getByTestId('landing-background').evaluateAll((layers) =>
      layers.map((layer) => {
        const [animation] = layer.getAnimations();
        const timing = animation?.effect?.getComputedTiming();
        return { duration: timing?.duration, delay: timing?.delay, iterations: timing?.iterations };
      }),
    );
    expect(backgrounds).toEqual([0, -10_000, -5_000].map((delay) => ({ duration: 15_000, delay, iterations: Infinity })));
    await page.getByRole('button', { name: 'Claim now' }).click();
    await page.waitForURL('**/register?username=night_owl');
    // Filled once the register page has drawn (an effect, so that a prerendered page hydrates as it was sent).
    await expect.poll(() => page.inputValue('#username')).toBe('night_owl');
    expect(problemsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('opens a navbar dropdown on click and closes it on a second click', async () => {
    const page = await newPage();
    await openAppPage(page, '/');
    const services = page.getByRole('button', { name: 'Services' });
    await services.click();
    const panel = page.getByRole('menu', { name: 'Services' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect((await panel.boundingBox())?.width).toBe(540);
    expect(await panel.getByRole('menuitem').count()).toBe(3);
    await services.click();
    await expect.poll(() => panel.isVisible()).toBe(false);

    const header = page.locator('header');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await page.context().close();
  });

  it('offers the same entries in the mobile menu', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await openAppPage(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog');
    for (const name of ['Home', 'Profile Creation', 'Blog', 'Pricing', 'Log in', 'Sign up']) {
      await expect.poll(() => dialog.getByRole('link', { name, exact: true }).isVisible(), { message: name }).toBe(true);
    }
    await page.context().close();
  });
});

describe('pages', () => {
  it("shows '404 Page Not Found' for an unknown app path", async () => {
    const page = await newPage();
    for (const path of ['/services/does-not-exist', '/dashboard/nothing-here', '/login/x']) {
      const response = await openAppPage(page, path);
      expect(response?.status(), path).toBe(404);
      expect(await page.title()).toBe('404 Page Not Found · Linkverse');
      await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    }
    expect(problemsOf(page)).toEqual([]);
    await page.context().close();
  });

  it("draws the dashboard's skeleton before any of its code arrives, then the dashboard over it", async () => {
    const { cookie } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await newPage({ width: 390, height: 800 });
    const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
    await page.context().addCookies([{ name, value, url: running.server.baseUrl }]);
    // A network too slow to bring any script: the HTML alone already has the dashboard's shape.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/dashboard');
    // It announces one line; the logo and the menu's icon it shows (a first contentful paint) are hidden from assistive technology.
    const announced = await page.getByRole('status').evaluate((status) =>
      [...status.querySelectorAll('*')]
        .filter((element) => element.children.length === 0 && !element.closest('[aria-hidden="true"]'))
        .map((element) => element.textContent)
        .join(''),
    );
    expect(announced).toBe('Loading your dashboard…');
    expect(await page.getByRole('status').locator('[aria-hidden="true"]').first().textContent()).toContain('Linkverse');
    expect(await page.locator('#root [data-placeholder] .motion-safe\\:animate-pulse').count()).toBeGreaterThan(5);
    // With its scripts, the dashboard is drawn in its place.
    await page.unroute('**/*.js');
    problemsOf(page).length = 0;
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    expect(await page.locator('[data-placeholder]').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
  });

  it("shows the profile's QR code in its colour or black, with the picture in the middle, and downloads it as a PNG that opens the page", async () => {
    const app = running.server.testApp.app;
    const owner = await createUser(app, { password: 'secret123' });
    const { user, cookie } = owner;
    const upload = await postMedia(app, owner, 'avatar', {
      name: 'me.png',
      mime: 'image/png',
      content: await pngImage(400, 400, '#ff0000'),
    });
    await app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie },
      payload: { profileImage: upload.json().data.url },
    });
    const page = await newPage({ width: 390, height: 800 });
    const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
    await page.context().addCookies([{ name, value, url: running.server.baseUrl }]);
    await page.goto('/dashboard');
    const image = page.getByRole('img', { name: /^QR code that opens / });
    const loaded = () => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
    await expect.poll(loaded).toBe(true);
    await page.getByRole('radio', { name: 'Black' }).click();
    expect(await image.getAttribute('src')).toBe('/api/me/qr.svg?style=plain');
    await expect.poll(loaded).toBe(true);
    await page.getByRole('switch', { name: 'Your picture in the middle' }).click();
    expect(await image.getAttribute('src')).toBe('/api/me/qr.svg?style=plain&picture=true');
    await expect.poll(loaded).toBe(true);
    // The picture shows inside the drawing (a data address inside the SVG): its middle is red.
    const middle = () =>
      image.evaluate((element: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 100;
        const context = canvas.getContext('2d')!;
        context.drawImage(element, 0, 0, 100, 100);
        return [...context.getImageData(50, 50, 1, 1).data.slice(0, 3)];
      });
    await expect.poll(async () => (await middle())[0]! > 240 && (await middle())[1]! < 16).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /PNG, 1024 px/ }).click()]);
    expect(download.suggestedFilename()).toBe(`${user.username}-qr.png`);
    const { data, info } = await sharp(await readFile((await download.path())!))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(1024);
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
    expect(decoded).toBe(`${running.server.baseUrl}/${user.username}?ref=qr`);
    expect(problemsOf(page)).toEqual([]);
  });

  it('switches dashboard tabs through ?tab= without reloading, accepting only its tab names', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await newPage();
    await openAppPage(page, '/login');
    await page.fill('#username', user.username);
    await page.fill('#password', 'secret123');
    await page.getByRole('button', { name: 'Enter Linkverse' }).click();
    await page.waitForURL('**/dashboard');

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Analytics' }).click();
    await page.waitForURL('**/dashboard?tab=analytics');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Analytics');

    await page.goto('/dashboard?tab=nonsense');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy Profile URL' }).click();
    await expect.poll(() => page.getByText('Profile URL copied').isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${running.server.baseUrl}/${user.username}`);

    // The sidebar's Add New Link opens the form, not just the tab; Cancel closes it for good.
    await page.getByRole('button', { name: 'Add New Link' }).click();
    await page.waitForURL('**/dashboard?tab=links&new=1');
    await expect.poll(() => page.getByLabel('Title').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/dashboard?tab=links');
    await expect.poll(() => page.getByLabel('Title').count()).toBe(0);
    expect(problemsOf(page)).toEqual([]);
    await page.context().close();
  });
});
