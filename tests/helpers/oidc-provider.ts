import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// Single sign-on's tests talk to a real OpenID provider: the `oidc-provider`
// package (the engine behind many production providers), on a local port. Its
// development sign-in form takes any login name, which becomes the person's
// `sub`; what it says about each person (address, verified or not, name) is
// the test's. Consent is taken as given, as a provider's admin can set.

export interface OidcPerson {
  email?: string;
  emailVerified?: boolean | null;
  name?: string;
  preferredUsername?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people it knows, by login name (their `sub`). */
  people: Map<string, OidcPerson>;
  /**
   * Go through the provider as a browser would, signing in as `login`: from the
   * authorization address to the redirect back. Answers the query string the
   * browser comes back with (code, state, iss).
   */
  signIn(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

const claimsOf = (sub: string, person: OidcPerson) => ({
  sub,
  ...(person.email === undefined ? {} : { email: person.email }),
  // null: the provider says nothing about it (as Microsoft Entra).
  ...(person.email === undefined || person.emailVerified === null ? {} : { email_verified: person.emailVerified ?? true }),
  ...(person.name === undefined ? {} : { name: person.name }),
  ...(person.preferredUsername === undefined ? {} : { preferred_username: person.preferredUsername }),
});

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/** Follow the redirect chain with a cookie jar, submitting the provider's sign-in form on the way. */
async function walkTo(start: string, redirectPrefix: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  let url = new URL(start);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookie(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    form = undefined;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectPrefix)) return next.search;
      url = next;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (response.status !== 200 || !action || !page.includes('name="login"'))
      throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
    url = new URL(action, url);
    form = new URLSearchParams({ prompt: 'login', login, password: 'anything' });
  }
  throw new Error('too many redirects at the provider');
}

/**
 * `redirectUris` may be a function, for an app whose address is known only
 * after the provider's (a browser test's server on a free port): the provider
 * is then made at its first request.
 */
export async function startOidcProvider({ redirectUris }: { redirectUris: string[] | (() => string[]) }): Promise<TestOidcProvider> {
  const server = http.createServer();
  const issuer = await listen(server);
  const uris = () => (typeof redirectUris === 'function' ? redirectUris() : redirectUris);
  const clientId = 'linkverse';
  const clientSecret = randomBytes(16).toString('hex');
  const people = new Map<string, OidcPerson>();
  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: uris(),
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      async findAccount(_context, sub) {
        const person = people.get(sub);
        return person ? { accountId: sub, claims: () => claimsOf(sub, person) } : undefined;
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
      // The scopes' claims go in the ID token itself, which is what a relying party reads.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      pkce: { required: () => true },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 300, IdToken: 300 },
      async loadExistingGrant(context) {
        const grant = new context.oidc.provider.Grant({
          clientId: context.oidc.client!.clientId,
          accountId: context.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
    });
  let handle: ReturnType<Provider['callback']> | undefined;
  server.on('request', (request, response) => {
    handle ??= makeProvider().callback();
    void handle(request, response);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signIn: (authorizationUrl, login) => walkTo(authorizationUrl, uris()[0]!.replace(/\/[^/]*$/, '/'), login),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * A provider that misbehaves, for what a real one cannot be made to do: it
 * signs ID tokens correctly, but with what the test puts in `tamper` (another
 * audience, another issuer, another nonce). It speaks just enough of OpenID
 * Connect for a relying party: discovery, keys, authorization and token.
 */
export async function startMisbehavingProvider(): Promise<{
  issuer: string;
  clientId: string;
  clientSecret: string;
  tamper: Record<string, unknown>;
  close(): Promise<void>;
}> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' };
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const sign = (claims: Record<string, unknown>) => {
    const body = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${encode(claims)}`;
    return `${body}.${createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url')}`;
  };
  const nonces = new Map<string, string>();
  const state = { issuer: '', clientId: 'linkverse', clientSecret: 'misbehaving-secret', tamper: {} as Record<string, unknown> };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, state.issuer);
    const json = (value: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(value));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      const code = randomBytes(12).toString('hex');
      nonces.set(code, url.searchParams.get('nonce') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        const now = Math.floor(Date.now() / 1000);
        const idToken = sign({
          iss: state.issuer,
          sub: 'mallory',
          aud: state.clientId,
          iat: now,
          exp: now + 300,
          nonce: nonces.get(code),
          email: 'mallory@example.com',
          email_verified: true,
          ...state.tamper,
        });
        json({ access_token: randomBytes(12).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken });
      });
      return;
    }
    response.writeHead(404);
    response.end();
  });
  state.issuer = await listen(server);
  return {
    get issuer() {
      return state.issuer;
    },
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    tamper: state.tamper,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
