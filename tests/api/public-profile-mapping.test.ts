import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfilePreview } from '#web/components/profile-preview.tsx';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createAdmin, createLink, createUser, setPlan } from '../helpers/factories.ts';

// One public profile, one mapping (toPublicProfile): the dashboard's live
// preview and the server-rendered page are drawn from the same account by the
// same function and the same ProfileView, so they show the same thing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The ProfileView markup inside a document: the root with its look, the custom
 * CSS and the card, with link targets left out (the page links to /go/{id}, the
 * preview to the URL). The landmark around the card differs on purpose: the
 * page's main, the preview's region inside the dashboard's main.
 */
/**
 * The markup both draw, for comparing: the root, the custom CSS and the card. The preview's root says the page's
 * language and direction itself (the served page says them on <html>): they are compared apart (languageOf).
 */
function profileMarkupOf(html: string): string {
  const root = /<div class="lv-page"[^>]*>/.exec(html)?.[0]?.replace(/ lang="[^"]*" dir="[^"]*"/, '');
  const style = /<style>\.lv-profile[^<]*<\/style>/.exec(html)?.[0] ?? '';
  const card = /<div class="lv-card">.*?(?=<\/(?:main|section)><footer)/s.exec(html)?.[0];
  expect(root).toBeDefined();
  expect(card).toBeDefined();
  return `${root}${style}${card}`.replace(/ href="[^"]*"/g, '');
}

/** The language and direction a drawing says it is in: on the preview's root, or on the served page's <html>. */
function languageOf(html: string): string | undefined {
  const tag = /<html[^>]*>|<div class="lv-page"[^>]*>/.exec(html)?.[0] ?? '';
  return `${/ lang="([^"]*)"/.exec(tag)?.[1]} ${/ dir="([^"]*)"/.exec(tag)?.[1] ?? 'ltr'}`;
}

describe(`the live preview and the public page (${DIALECT})`, () => {
  it('show the same profile and look, including a verified badge an admin granted on the Free plan', async () => {
    const creator = await createUser(t.app, { displayName: 'Nova <Star>' });
    await createLink(t.app, creator, { title: 'Shop & more', url: 'https://shop.example/' });
    await createLink(t.app, creator, { title: 'Hidden', url: 'https://hidden.example/', isActive: false });
    const admin = await createAdmin(t.app);
    const granted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${creator.user.id}/plan`,
      headers: { cookie: admin.cookie },
      payload: { verified: true },
    });
    expect(granted.statusCode).toBe(200);
    // The font was chosen on Pro; back on Free it is kept, and both draw the default (issue 33).
    await setPlan(t.app, creator.user.id, 'pro');
    const look = await t.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: creator.cookie },
      payload: {
        buttonStyle: 'glass',
        font: 'Lora',
        profileLayout: 'card',
        customCSS: '.lv-link { letter-spacing: 1px }',
        location: 'Lisbon',
      },
    });
    expect(look.statusCode).toBe(200);
    const downgraded = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${creator.user.id}/plan`,
      headers: { cookie: admin.cookie },
      payload: { plan: 'free' },
    });
    expect(downgraded.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me/customization', headers: { cookie: creator.cookie } })).json().data.font).toBe('Lora');

    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: creator.cookie } })).json().data;
    const links = (
      await t.app.inject({ method: 'GET', url: `/api/users/${creator.user.id}/links`, headers: { cookie: creator.cookie } })
    ).json().data;
    expect(me.plan).toBe('free');
    const previewHtml = renderToStaticMarkup(createElement(ProfilePreview, { user: me, items: links, customization: look.json().data }));
    const preview = profileMarkupOf(previewHtml);

    const page = await t.app.inject({ method: 'GET', url: `/${creator.user.username}` });
    expect(page.statusCode).toBe(200);
    const served = profileMarkupOf(page.body);

    expect(served).toContain('lv-verified');
    expect(served).toContain('data-button="glass"');
    expect(served).toContain('.lv-profile .lv-link{letter-spacing:1px}');
    expect(served).toContain('Lisbon');
    expect(served).not.toContain('Hidden');
    expect(preview).toBe(served);
    expect(languageOf(previewHtml)).toBe('en ltr');
    expect(languageOf(page.body)).toBe('en ltr');

    const publicJson = (await t.app.inject({ method: 'GET', url: `/api/public/${creator.user.username}` })).json().data;
    expect(publicJson.profile.verified).toBe(true);
    expect(publicJson.links.map((link: { title: string }) => link.title)).toEqual(['Shop & more']);
  });
});

describe(`the live preview and the public page with blocks (${DIALECT})`, () => {
  it('draw headers, texts and dividers between the links alike', async () => {
    const creator = await createUser(t.app);
    const add = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/links/blocks', headers: { cookie: creator.cookie }, payload });
    expect((await add({ type: 'header', title: 'Listen & watch' })).statusCode).toBe(201);
    await createLink(t.app, creator, { title: 'Podcast', url: 'https://pod.example/' });
    expect((await add({ type: 'text', text: 'New every Friday.\nTickets: www.tickets.example' })).statusCode).toBe(201);
    expect((await add({ type: 'divider' })).statusCode).toBe(201);
    await createLink(t.app, creator, { title: 'Shop', url: 'https://shop.example/' });

    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: creator.cookie } })).json().data;
    const items = (
      await t.app.inject({ method: 'GET', url: `/api/users/${creator.user.id}/links`, headers: { cookie: creator.cookie } })
    ).json().data;
    const previewHtml = renderToStaticMarkup(createElement(ProfilePreview, { user: me, items }));
    const servedHtml = (await t.app.inject({ method: 'GET', url: `/${creator.user.username}` })).body;
    const [preview, served] = [profileMarkupOf(previewHtml), profileMarkupOf(servedHtml)];
    expect(languageOf(previewHtml)).toBe(languageOf(servedHtml));
    expect(served).toContain('<h2 class="lv-section" dir="auto">Listen &amp; watch</h2>');
    expect(served).toContain('<hr class="lv-divider"/>');
    expect(preview).toBe(served);
  });
});
