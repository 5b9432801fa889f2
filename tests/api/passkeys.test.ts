import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeyMessages } from '#shared/passkeys.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { createUser } from '../helpers/factories.ts';

// Passkeys' refusals over the API (issue 29); making and using real ones is in
// tests/e2e/passkeys.test.ts, with Chromium's virtual authenticator.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://links.example' } });
});
afterAll(() => t.close());

const assertion = (id: string) => ({
  id,
  rawId: id,
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
});
const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) =>
  `${name}=${response.cookies.find((cookie) => cookie.name === name)!.value}`;

describe(`passkeys (${DIALECT})`, () => {
  it('makes registration options for this site as the relying party, bound to the browser, none without a session', async () => {
    const owner = await createUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options' })).statusCode).toBe(401);
    const options = await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options', headers: { cookie: owner.cookie } });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toMatchObject({
      rp: { id: 'links.example', name: 'Linkverse' },
      user: { name: owner.user.username },
      authenticatorSelection: { residentKey: 'required' },
      attestation: 'none',
    });
    expect(options.cookies.find((cookie) => cookie.name === 'lv_webauthn')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
    });
    expect((await t.app.inject({ url: '/api/me/passkeys', headers: { cookie: owner.cookie } })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/passkeys/999', headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('refuses an answer without its ceremony, a made-up passkey, and a malformed answer, signing nothing in', async () => {
    const noCeremony = await t.app.inject({ method: 'POST', url: '/api/auth/passkey', payload: { response: assertion('AAAA') } });
    expect(noCeremony.statusCode).toBe(400);
    expect(noCeremony.json()).toMatchObject({ code: 'challenge_expired', message: passkeyMessages.ceremonyExpired });

    const options = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toMatchObject({ rpId: 'links.example', allowCredentials: [] });
    const ceremony = cookieOf(options, 'lv_webauthn');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      headers: { cookie: ceremony },
      payload: { response: assertion('bm90LWEtcGFzc2tleQ') },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(passkeyMessages.unknownPasskey);
    expect(unknown.cookies.map((cookie) => cookie.name)).not.toContain('lv_session');
    // The ceremony was answered: the same cookie opens nothing again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      headers: { cookie: ceremony },
      payload: { response: assertion('AAAA') },
    });
    expect(again.json().code).toBe('challenge_expired');

    for (const response of [{}, { ...assertion('AAAA'), type: 'password' }, { ...assertion('not base64url!') }]) {
      const malformed = await t.app.inject({ method: 'POST', url: '/api/auth/passkey', payload: { response } });
      expect(malformed.statusCode, JSON.stringify(response)).toBe(400);
    }
  });

  it('adds nothing from an answer to another browser’s or another account’s ceremony', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const options = await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options', headers: { cookie: owner.cookie } });
    const body = {
      name: 'Laptop',
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
      },
    };
    // Another account presenting this browser's ceremony, or a made-up answer to it.
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/me/passkeys',
      headers: { cookie: `${other.cookie}; ${cookieOf(options, 'lv_webauthn')}` },
      payload: body,
    });
    expect(stolen.statusCode).toBe(400);
    const again = await t.app.inject({ method: 'POST', url: '/api/me/passkeys/options', headers: { cookie: owner.cookie } });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/me/passkeys',
      headers: { cookie: `${owner.cookie}; ${cookieOf(again, 'lv_webauthn')}` },
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(passkeyMessages.notVerified);
    expect((await t.app.inject({ url: '/api/me/passkeys', headers: { cookie: owner.cookie } })).json().data).toEqual([]);
  });
});

describe(`passkeys at an IP address (${DIALECT})`, () => {
  it('says that passkeys need the site’s name, not an address', async () => {
    const bare = await createTestApp();
    try {
      for (const host of ['127.0.0.1:3000', '[::1]:3000', '192.168.1.20']) {
        const options = await bare.app.inject({ method: 'POST', url: '/api/auth/passkey/options', headers: { host } });
        expect(options.statusCode, host).toBe(400);
        expect(options.json().message).toBe(passkeyMessages.ipAddress);
      }
      expect(
        (await bare.app.inject({ method: 'POST', url: '/api/auth/passkey/options', headers: { host: 'localhost:3000' } })).statusCode,
      ).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
