import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { useServerAndBrowser } from '../helpers/web-server.ts';

// A Lanyard-compatible server on a local port stands in for the presence service.
const lanyard = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({
      success: true,
      data: {
        discord_status: 'dnd',
        discord_user: { username: 'nova', global_name: 'Nova <img src=x onerror=alert(1)>' },
        activities: [{ type: 0, name: 'Celeste', details: 'Chapter 7' }],
      },
    }),
  );
});
let lanyardUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => lanyard.listen(0, '127.0.0.1', resolve));
  lanyardUrl = `http://127.0.0.1:${(lanyard.address() as AddressInfo).port}/v1`;
});
afterAll(() => lanyard.close());

const running = useServerAndBrowser(() => ({ discordPresenceApi: lanyardUrl }));

describe('the Discord presence card', () => {
  it('is filled by the page’s script from this site’s API, as text', async () => {
    const creator = await createUser(running.server.testApp.app);
    await running.server.testApp.app.inject({
      method: 'PUT',
      url: '/api/me/customization',
      headers: { cookie: creator.cookie },
      payload: { discordPresence: true, discordUserId: '123456789012345678' },
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
    expect(await card.locator('img').count()).toBe(0);
    expect(dialogs).toBe(0);
    expect(outside).toEqual([]);
    await context.close();
  });
});
