import http from 'node:http';
import sharp from 'sharp';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createUser } from '../helpers/factories.ts';

// The presence service is outside this machine's reach: a Lanyard-compatible
// server on a local port stands in for it, answering as api.lanyard.rest does.

const DISCORD_ID = '123456789012345678';
const answers: Record<string, { status: number; body: unknown }> = {};
let asked: string[] = [];
const lanyard = http.createServer((request, response) => {
  if (request.url!.startsWith('/cdn/')) {
    // The CDN's side: an image for the avatar, anything else 404.
    if (!request.url!.startsWith('/cdn/avatars/')) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/png' });
    return void response.end(AVATAR_PNG);
  }
  const id = request.url!.replace('/v1/users/', '');
  asked.push(id);
  const answer = answers[id] ?? { status: 404, body: { success: false } };
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
});

let t: TestApp;
let creator: SignedInUser;
let AVATAR_PNG: Buffer;
beforeAll(async () => {
  AVATAR_PNG = await sharp({ create: { width: 300, height: 300, channels: 4, background: '#5865F2' } })
    .png()
    .toBuffer();
  await new Promise<void>((resolve) => lanyard.listen(0, '127.0.0.1', resolve));
  const { port } = lanyard.address() as AddressInfo;
  t = await createTestApp({ config: { discordPresenceApi: `http://127.0.0.1:${port}/v1`, discordCdn: `http://127.0.0.1:${port}/cdn` } });
  creator = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
  lanyard.close();
});

const presence = (username = creator.user.username) => t.app.inject({ method: 'GET', url: `/api/public/${username}/discord` });
const customize = (user: SignedInUser, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/me/customization', headers: { cookie: user.cookie }, payload });

describe(`Discord presence (${DIALECT})`, () => {
  it('is asked of the presence service by this server, kept 30 s, and shown by the page’s script', async () => {
    answers[DISCORD_ID] = {
      status: 200,
      body: {
        success: true,
        data: {
          discord_status: 'online',
          discord_user: {
            id: DISCORD_ID,
            username: 'nova',
            global_name: 'Nova <Star>',
            avatar: 'a'.repeat(32),
            avatar_decoration_data: { asset: 'b'.repeat(32) },
          },
          activities: [
            { type: 4, name: 'Custom Status', state: 'brb' },
            { type: 0, name: 'Celeste', details: 'Chapter 7', state: 'Summit' },
          ],
          spotify: null,
        },
      },
    };
    expect((await presence()).statusCode).toBe(404);
    expect((await customize(creator, { discordPresence: true, discordUserId: DISCORD_ID })).statusCode).toBe(200);
    const first = await presence();
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      status: 'online',
      username: 'nova',
      displayName: 'Nova <Star>',
      activity: { name: 'Celeste', details: 'Chapter 7', state: 'Summit' },
      avatarUrl: null,
      decorationUrl: null,
    });
    asked = [];
    await presence();
    expect(asked).toEqual([]);

    const page = (await t.app.inject({ method: 'GET', url: `/${creator.user.username}` })).body;
    expect(page).toMatch(
      new RegExp(
        `<div class="lv-discord" data-discord-for="${creator.user.username}" data-statuses="[^"]+" aria-live="polite" hidden=""></div>`,
      ),
    );
    // The script's words for each status, in the page's language.
    expect(page).toContain('&quot;dnd&quot;:[&quot;Do not disturb&quot;,&quot;Discord: Do not disturb&quot;]');
    expect(page).toMatch(/<script src="\/static\/profile-effects-[0-9a-f]{12}\.js" defer><\/script>/);
    expect(page).toContain('.lv-discord-status[data-status="online"]');
  });

  it("shows Discord's avatar through this site, re-encoded, only when the look asks for it", async () => {
    const avatarUrl = `/static/discord/${creator.user.username}/avatar`;
    expect((await t.app.inject({ method: 'GET', url: avatarUrl })).statusCode).toBe(404);
    await customize(creator, { useDiscordAvatar: true, discordAvatarDecoration: true });
    const data = (await presence()).json().data;
    expect(data.avatarUrl).toBe(`${avatarUrl}?v=${'a'.repeat(32)}`);
    expect(data.decorationUrl).toBe(`/static/discord/${creator.user.username}/decoration?v=${'b'.repeat(32)}`);
    const image = await t.app.inject({ method: 'GET', url: data.avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 160, height: 160 });
    // The CDN has no such decoration here: 404, and the card shows the avatar alone.
    expect((await t.app.inject({ method: 'GET', url: data.decorationUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/static/discord/${creator.user.username}/other` })).statusCode).toBe(404);
  });

  it('answers null when the service fails, is malformed or does not know the user: the card does not show', async () => {
    const other = await createUser(t.app);
    const cases: [string, { status: number; body: unknown }][] = [
      ['223456789012345678', { status: 500, body: 'oops' }],
      ['323456789012345678', { status: 200, body: '<html>not json</html>' }],
      ['423456789012345678', { status: 200, body: { success: true, data: { discord_status: 'sleeping' } } }],
      ['523456789012345678', { status: 404, body: { success: false, error: { code: 'user_not_monitored' } } }],
    ];
    for (const [id, answer] of cases) {
      answers[id] = answer;
      await customize(other, { discordPresence: true, discordUserId: id });
      const response = await presence(other.user.username);
      expect(response.statusCode, id).toBe(200);
      expect(response.json().data, id).toBeNull();
    }
  });

  it('is never asked when the profile does not show presence', async () => {
    const quiet = await createUser(t.app);
    await customize(quiet, { discordPresence: false, discordUserId: '623456789012345678' });
    asked = [];
    expect((await presence(quiet.user.username)).statusCode).toBe(404);
    expect(asked).toEqual([]);
    const page = (await t.app.inject({ method: 'GET', url: `/${quiet.user.username}` })).body;
    expect(page).not.toContain('lv-discord');
    expect(page).not.toContain('<script');
  });
});
