import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_CODES } from '#shared/i18n/languages.ts';
import { siteAddressIn } from '#shared/i18n/site-addresses.ts';
import { createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';
import { axeViolationsOf, openAppPage, signInPage } from '../helpers/pages.ts';

// Issue 54 §3: the site's pages at their own address in every language, prerendered,
// with their alternates for search engines and in the sitemap; a switcher in the footer
// and on the phone's menu; a home page that suggests the browser's language, never redirects.
const running = useServerAndBrowser();

async function newPage(width: number, locale = 'en-US'): Promise<{ page: Page; problems: string[] }> {
  const context = await running.browser.newContext({ baseURL: running.server.baseUrl, viewport: { width, height: 844 }, locale });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return { page, problems };
}

describe("the site's pages in other languages", () => {
  it('are prerendered at their own address, in the language, with every alternate and a switcher to each', async () => {
    const { page, problems } = await newPage(1280);
    const response = await openAppPage(page, '/es/features');
    expect(response?.status()).toBe(200);
    // Sent as the build drew it: in Spanish before any script runs.
    const html = (await response?.text()) ?? '';
    expect(html).toContain('<html lang="es" dir="ltr"');
    expect(html).toContain('<title>Funciones · Linkverse</title>');
    expect(html).toContain('Todo lo que tu página necesita,');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/es\/features"/);
    for (const language of LANGUAGE_CODES) {
      const address = siteAddressIn(language, '/features');
      expect(html, language).toMatch(new RegExp(`<link rel="alternate" hreflang="${language}" href="http://[^"]+${address}"`));
    }
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/[^"]+\/features"/);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('sin nada que estorbe');
    // The site's links stay in Spanish where a page has a translation, and lead to English where it has none.
    const main = page.getByRole('navigation', { name: 'Principal' });
    expect(await main.getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('/es');
    expect(await page.getByRole('link', { name: 'Empieza gratis' }).first().getAttribute('href')).toBe('/es/register');
    expect(await page.locator('footer').getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/blog');
    // The switcher: every language named in itself, the page on screen in it.
    const switcher = page.locator('footer').getByRole('navigation', { name: 'Idioma' });
    for (const language of LANGUAGE_CODES) {
      const link = switcher.getByRole('link', { name: LANGUAGES[language].name, exact: true });
      expect(await link.getAttribute('href'), language).toBe(siteAddressIn(language, '/features'));
      expect(await link.getAttribute('lang'), language).toBe(language);
    }
    expect(await switcher.getByRole('link', { name: 'Español' }).getAttribute('aria-current')).toBe('page');
    await switcher.getByRole('link', { name: 'Deutsch' }).click();
    await page.waitForURL('**/de/features');
    await expect.poll(() => page.title()).toBe('Funktionen · Linkverse');
    expect(await axeViolationsOf(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('mirror in Arabic, with the language switcher on the phone’s menu', async () => {
    const { page, problems } = await newPage(390);
    await openAppPage(page, '/ar');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('عالمك الرقمي بأكمله');
    // The bar starts on the right, where Arabic starts: the logo there, the menu's button on the left.
    const logo = await page.locator('header a').first().boundingBox();
    const menuButton = await page.getByRole('button', { name: 'فتح القائمة' }).boundingBox();
    expect(logo!.x).toBeGreaterThan(195);
    expect(menuButton!.x).toBeLessThan(195);
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.getByRole('dialog', { name: 'القائمة' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    const menuLink = menu.getByRole('navigation', { name: 'اللغة' }).getByRole('link', { name: 'Español' });
    expect(await menuLink.getAttribute('href')).toBe('/es');
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.keyboard.press('Escape');
    // A page without a translation keeps its English address: under /ar it is not found, said in Arabic.
    const blog = await page.goto('/ar/blog');
    expect(blog?.status()).toBe(404);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404: الصفحة غير موجودة');
    expect(await page.getByRole('link', { name: 'العودة إلى الرئيسية' }).getAttribute('href')).toBe('/ar');
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([]);
    await page.context().close();
  });

  it('are offered to search engines, account pages aside', async () => {
    const sitemap = await (await fetch(`${running.server.baseUrl}/sitemap.xml`)).text();
    for (const address of ['/es', '/es/features', '/pt-br/services', '/zh-hans/examples', '/ar/services/business-solutions'])
      expect(sitemap, address).toContain(`${address}</loc>`);
  });
});

describe('the account pages in another language', () => {
  it('sign up in Spanish: the form, its own checks and the server’s refusals speak it, and the account takes it', async () => {
    const taken = await createUser(running.server.testApp.app);
    const { page, problems } = await newPage(390, 'en-US');
    await openAppPage(page, '/es/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Crea tu Linkverse' }).isVisible()).toBe(true);
    // The page's language is the account's first choice, whatever the browser says.
    expect(await page.getByRole('combobox', { name: 'Idioma' }).inputValue()).toBe('es');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('El nombre de usuario es obligatorio');
    await page.getByLabel('Nombre de usuario').fill(taken.user.username);
    await page.getByLabel('Contraseña', { exact: true }).fill('secret123');
    await page.getByLabel('Confirma la contraseña').fill('secret123');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Ese nombre de usuario ya está en uso');
    const username = `es${Date.now().toString(36)}`;
    await page.getByLabel('Nombre de usuario').fill(username);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/dashboard');
    const me = await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as { data: { language: string } });
    expect(me.data.language).toBe('es');
    // The dashboard speaks it from its first frame: the welcome of a new account.
    await expect.poll(() => page.getByRole('heading', { name: `¡Te damos la bienvenida, ${username}!` }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    // The taken name's refusal is the one error the browser logs.
    expect(problems.filter((problem) => !problem.includes('status of 409'))).toEqual([]);
    await page.context().close();
  });

  it('log in in Arabic, right to left, with the server’s refusal in Arabic', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const { page, problems } = await newPage(1280);
    await openAppPage(page, '/ar/login');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByRole('heading', { name: 'أهلًا بعودتك' }).isVisible()).toBe(true);
    await page.getByLabel('اسم المستخدم').fill(user.username);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'ادخل إلى Linkverse' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('اسم المستخدم أو كلمة المرور غير صحيحة');
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.getByLabel('كلمة المرور', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'ادخل إلى Linkverse' }).click();
    await page.waitForURL('**/dashboard');
    expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
    await page.context().close();
  });
});

describe('a first visit to a home page', () => {
  it('suggests the browser’s language where the site speaks it, never redirecting, until put away', async () => {
    const { page, problems } = await newPage(390, 'es-ES');
    await openAppPage(page, '/');
    expect(page.url()).toBe(`${running.server.baseUrl}/`);
    const suggestion = page.getByRole('complementary', { name: 'Español' });
    await expect.poll(() => suggestion.isVisible()).toBe(true);
    expect(await suggestion.textContent()).toContain('Este sitio también está en español.');
    expect(await suggestion.getByRole('link', { name: 'Ver en español' }).getAttribute('href')).toBe('/es');
    // Only the browser's language is suggested.
    expect(await page.getByRole('complementary', { name: 'Deutsch' }).isVisible()).toBe(false);
    expect(await axeViolationsOf(page)).toEqual([]);
    await suggestion.getByRole('button', { name: 'Ahora no' }).click();
    expect(await suggestion.isVisible()).toBe(false);
    // Put away for good on this browser.
    await openAppPage(page, '/');
    expect(await suggestion.isVisible()).toBe(false);
    // The Spanish home itself suggests nothing to a Spanish browser.
    await openAppPage(page, '/es');
    expect(await page.locator('[data-language-suggestion]:visible').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();

    // An English browser on the English home is suggested nothing.
    const english = await newPage(1280, 'en-GB');
    await openAppPage(english.page, '/');
    expect(await english.page.locator('[data-language-suggestion]:visible').count()).toBe(0);
    await english.page.context().close();
  });
});

describe('someone signed in', () => {
  it('gets a translated page drawn by the app in its language, and stays in it from page to page', async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123' });
    const page = await signInPage(
      running.browser,
      running.server.baseUrl,
      { username: user.username, password: 'secret123' },
      { next: '/fr/features' },
    );
    await expect.poll(() => page.getByRole('link', { name: 'Nouveau lien' }).isVisible()).toBe(true);
    await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Accueil' }).click();
    await page.waitForURL('**/fr');
    await expect.poll(() => page.title()).toBe('Linkverse : un lien pour tout ce que vous créez');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.context().close();
  });

  it("make the dashboard speak the account's language, its answers too, and mirror it in Arabic", async () => {
    const { user } = await createUser(running.server.testApp.app, { password: 'secret123', language: 'es' });
    const page = await signInPage(
      running.browser,
      running.server.baseUrl,
      { username: user.username, password: 'secret123' },
      { width: 390, next: '/dashboard?tab=account' },
    );
    await expect.poll(() => page.getByRole('heading', { name: 'Cuenta', level: 1 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['es', 'ltr']);
    // The server's refusal comes in the account's language, whatever the browser's is.
    await page.getByLabel('Contraseña actual').fill('not-my-password');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('another-secret');
    await page.getByLabel('Confirma la nueva contraseña').fill('another-secret');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('La contraseña actual no es correcta');

    // Another language, picked in Account, is the dashboard's at once: Arabic, right to left.
    await page.getByLabel('Tu idioma').selectOption('ar');
    await expect.poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await expect.poll(() => page.getByRole('heading', { name: 'الحساب', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('حُفظت اللغة: العربية').isVisible()).toBe(true);
    // The menu opens from the right, where Arabic starts.
    await page.getByRole('button', { name: 'فتح قائمة لوحة التحكم' }).click();
    const menu = page.getByRole('dialog', { name: 'قائمة لوحة التحكم' });
    await menu.getByRole('button', { name: 'نظرة عامة' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'لوحة التحكم', level: 1 }).isVisible()).toBe(true);
    expect(await axeViolationsOf(page)).toEqual([]);
    await page.context().close();
  });
});
