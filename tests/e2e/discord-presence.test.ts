import http from 'node:http';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// A Lanyard-compatible server on a local port stands in for the presence service.
let avatarPng = Buffer.alloc(0);
const lanyard = http.createServer((request, response) => {
  if (request.url!.startsWith('/cdn/avatars/')) {
    response.writeHead(200, { 'content-type': 'image/png' });
    return void response.end(avatarPng);
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      success: true,
      data: {
        discord_status: 'dnd',
        discord_user: {
          id: '123456789012345678',
          username: 'nova',
          global_name: 'Nova <img src=x onerror=alert(1)>',
          avatar: 'c'.repeat(32),
        },
        activities: [{ type: 0, name: 'Celeste', details: 'Chapter 7' }],
      },
    }),
  );
});
let lanyardUrl = '';
let cdnUrl = '';
beforeAll(async () => {
  avatarPng = await sharp({ create: { width: 128, height: 128, channels: 4, background: '#5865F2' } })
    .png()
    .toBuffer();
  await new Promise<void>((resolve) => lanyard.listen(0, '127.0.0.1', resolve));
  lanyardUrl = `http://127.0.0.1:${(lanyard.address() as AddressInfo).port}/v1`;
  cdnUrl = `http://127.0.0.1:${(lanyard.address() as AddressInfo).port}/cdn`;
});
afterAll(() => lanyard.close());

const running = useServerAndBrowser(() => ({ discordPresenceApi: lanyardUrl, discordCdn: cdnUrl }));

describe('the Discord presence card', () => {
  it('is filled by the page’s script from this site’s API, as text', async () => {
    const creator = await createUser(running.server.testApp.app);
    await running.server.testApp.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: creator.cookie },
      payload: { discordPresence: true, discordUserId: '123456789012345678', useDiscordAvatar: true },
    });
    const context = await running.browser.newContext();
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(running.server.baseUrl)) outside.push(request.url());
    });
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await page.goto(`${running.server.baseUrl}/${creator.user.username}`);
    const card = page.locator('.lv-discord');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.locator('.lv-discord-name').textContent()).toBe('Nova <img src=x onerror=alert(1)>');
    expect(await card.locator('.lv-discord-activity').textContent()).toBe('Celeste · Chapter 7');
    expect(await card.locator('.lv-discord-status').getAttribute('data-status')).toBe('dnd');
    // One image: the avatar, from this site; the name's markup stayed text.
    const avatar = card.locator('.lv-discord-avatar img');
    // Re-encoded by the media worker, which the first image starts (from source, through tsx, in a second or two).
    await expect
      .poll(() => avatar.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { timeout: 15_000 })
      .toBe(128);
    expect(await avatar.getAttribute('src')).toMatch(new RegExp(`^/static/discord/${creator.user.username}/avatar\\?v=c{32}$`));
    expect(await card.locator('img').count()).toBe(1);
    expect(dialogs).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  });
});
