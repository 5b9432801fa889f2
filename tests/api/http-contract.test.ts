import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/api.ts';
import { adminMessages } from '#shared/admin.ts';
import { linkMessages } from '#shared/links.ts';
import { DIALECT, type TestApp, createTestApp } from '../helpers/test-app.ts';
import { type SignedInUser, createAdmin, createLink, createUser } from '../helpers/factories.ts';
import { mergePlanLimits } from '#server/config.ts';

// The HTTP contract (DESIGN.md): every route declares its shapes, the OpenAPI
// document lists them all, errors carry a stable code, and a malformed id is
// the same 404 everywhere.

let t: TestApp;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      planLimits: mergePlanLimits({
        free: { links: 1, uploadBytes: 1024 },
        pro: { links: null, uploadBytes: 1 },
        business: { links: null, uploadBytes: 1 },
      }),
    },
  });
  member = await createUser(t.app);
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
}

/** '/api/links/:id' → '/api/links/{id}', as OpenAPI names path parameters. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe(`the HTTP contract (${DIALECT})`, () => {
  it('documents every registered /api route with a response shape for each status it declares', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as OpenApiDocument;
    expect(t.app.apiRoutes.length).toBeGreaterThan(20);
    for (const route of t.app.apiRoutes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const responses = Object.entries(operation!.responses ?? {});
      expect(
        responses.some(([status]) => status.startsWith('2')),
        `${route.method} ${route.url} has a success shape`,
      ).toBe(true);
      for (const [status, answer] of responses) {
        // JSON everywhere, but for the downloads (the analytics and subscriber CSVs, the QR code), documented as producing their file.
        const download = /\/export(\.csv)?$|\/qr\.(svg|png)$/.test(route.url);
        const body = answer.content?.['application/json'] ?? (download ? Object.values(answer.content ?? {})[0] : undefined);
        expect(body?.schema, `${route.method} ${route.url} ${status}`).toBeDefined();
      }
    }
  });

  it('describes every JSON request body field by field: no body is documented as any object', async () => {
    type JsonSchema = {
      $ref?: string;
      type?: string | string[];
      properties?: Record<string, JsonSchema>;
      additionalProperties?: boolean | JsonSchema;
      items?: JsonSchema;
      anyOf?: JsonSchema[];
      oneOf?: JsonSchema[];
      allOf?: JsonSchema[];
    };
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
      components?: { schemas?: Record<string, JsonSchema> };
    };
    const resolve = (schema: JsonSchema): JsonSchema =>
      schema.$ref ? resolve(document.components!.schemas![schema.$ref.replace('#/components/schemas/', '')]!) : schema;
    /** Where, under `schema`, an object takes any keys at all (a record of typed values names its values' shape). */
    const vague = (schema: JsonSchema, where: string, seen = new Set<JsonSchema>()): string[] => {
      const node = resolve(schema);
      if (seen.has(node)) return [];
      seen.add(node);
      const parts = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
      if (parts.length > 0) return parts.flatMap((part) => vague(part, where, seen));
      if (Object.keys(node).length === 0) return [where];
      const found: string[] = [];
      const isObject = node.type === 'object' || node.properties !== undefined;
      if (isObject && node.properties === undefined && (node.additionalProperties === undefined || node.additionalProperties === true)) {
        found.push(where);
      }
      if (typeof node.additionalProperties === 'object' && Object.keys(node.additionalProperties).length === 0) found.push(`${where}.*`);
      for (const [name, property] of Object.entries(node.properties ?? {})) found.push(...vague(property, `${where}.${name}`, seen));
      if (node.items) found.push(...vague(node.items, `${where}[]`, seen));
      return found;
    };
    const bodies = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        return schema ? [{ name: `${method.toUpperCase()} ${path}`, schema }] : [];
      }),
    );
    expect(bodies.map(({ name }) => name)).toEqual(expect.arrayContaining(['PATCH /api/me/profile', 'PUT /api/me/customization']));
    // Inside two bodies, documents in others' formats stay open where their own specifications leave them
    // open: WebAuthn's extension outputs and authenticator response (new members appear with new
    // authenticators; @simplewebauthn verifies them), and a LinkStack export, read by the import's own parser.
    const foreignFormats = [
      'POST /api/auth/passkey.response.clientExtensionResults.*',
      'POST /api/auth/passkey.response.response.*',
      'POST /api/me/passkeys.response.clientExtensionResults.*',
      'POST /api/me/passkeys.response.response.*',
      'POST /api/me/page-import/preview.file.*',
    ];
    expect(bodies.flatMap(({ name, schema }) => vague(schema, name)).filter((where) => !foreignFormats.includes(where))).toEqual([]);
    // The two bodies that were "any object": every field, with its enum.
    const profile = resolve(document.paths['/api/me/profile']!.patch!.requestBody!.content!['application/json']!.schema!);
    expect(Object.keys(profile.properties!)).toEqual(expect.arrayContaining(['displayName', 'bio', 'contentWarning', 'theme']));
    const look = resolve(document.paths['/api/me/customization']!.put!.requestBody!.content!['application/json']!.schema!);
    expect(Object.keys(look.properties!)).toEqual(expect.arrayContaining(['primaryColor', 'profileLayout', 'font']));
    expect(JSON.stringify(look.properties!.profileLayout)).toContain('"enum"');
  });

  it('refuses a field no route knows by name, instead of dropping it: a link sent with a type stays unmade', async () => {
    const owner = await createUser(t.app);
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/links', headers: { cookie: owner.cookie }, payload });
    const embed = await post({ type: 'embed', title: 'Video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(embed.statusCode).toBe(400);
    expect(embed.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unknown field: type',
      fieldErrors: { type: 'Unknown field: type' },
    });
    const two = await post({ title: 'x', url: 'https://x.example', colour: '#fff', isActve: false });
    expect(two.json().message).toBe('Unknown fields: colour, isActve');
    const links = await t.app.inject({ url: `/api/users/${owner.user.id}/links`, headers: { cookie: owner.cookie } });
    expect(links.json().data).toEqual([]);
    // Nested objects too: an order with a stray key, a login with one.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a', password: 'b', remember: true } });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('Unknown field: remember');
    expect((await post({ title: 'Fine', url: 'https://fine.example' })).statusCode).toBe(201);
  });

  it('serves a reference page listing every call with its shapes, readable without script and under the site CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // One script of its own (Try it, issue 32), from this site; nothing loaded from elsewhere.
    const scripts = [...page.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts).toEqual([expect.stringMatching(/^<script src="\/api\/docs\/try-it-[0-9a-f]{12}\.js" defer>$/)]);
    const script = await t.app.inject({ url: /src="([^"]+)"/.exec(scripts[0]!)![1]! });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(page.body).not.toMatch(/(src|href)="https?:\/\//);
    // An operation a token may call shows its curl command, and a form the script sends (hidden without it).
    expect(page.body).toContain('curl -X POST -H &#34;Authorization: Bearer $LINKVERSE_TOKEN&#34;');
    expect(page.body).toContain('<form class="try" data-method="post" data-path="/api/links" aria-label="Try POST /api/links" hidden>');
    expect(page.body).not.toContain('data-path="/api/me/tokens"');
    for (const route of t.app.apiRoutes) {
      expect(page.body, `${route.method} ${route.url}`).toContain(`<code>${openApiPath(route.url)}</code>`);
    }
    // Shapes are shown and named schemas linked: the link's JSON shape, and its anchor.
    expect(page.body).toContain('<a href="#schema-Link">Link</a>');
    expect(page.body).toContain('<h3 id="schema-Link">Link</h3>');
  });

  it('answers a malformed id with the route’s 404 on every id route', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/users/abc/links', cookie: member.cookie, message: 'User not found' },
      { method: 'PATCH' as const, url: '/api/links/abc', cookie: member.cookie, message: linkMessages.notFound, payload: { title: 'x' } },
      { method: 'DELETE' as const, url: '/api/links/-1', cookie: member.cookie, message: linkMessages.notFound },
      { method: 'DELETE' as const, url: '/api/media/1.5', cookie: member.cookie, message: 'File not found' },
      {
        method: 'PATCH' as const,
        url: '/api/admin/users/abc/role',
        cookie: admin.cookie,
        message: adminMessages.userNotFound,
        payload: { role: 'admin' },
      },
      {
        method: 'GET' as const,
        url: '/api/admin/users/99999999999/username-history',
        cookie: admin.cookie,
        message: adminMessages.userNotFound,
      },
      { method: 'DELETE' as const, url: '/api/admin/reserved-usernames/0', cookie: admin.cookie, message: adminMessages.reservedNotFound },
    ];
    for (const { cookie, message, ...request } of cases) {
      const response = await t.app.inject({ ...request, headers: { cookie } });
      expect(response.statusCode, request.url).toBe(404);
      expect(response.json(), request.url).toEqual({ code: 'not_found', message });
    }
  });

  it('gives every error a stable code from the shared list', async () => {
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Bad Name!', password: 'secret-1' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'validation_failed', fieldErrors: { username: expect.any(String) } });

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: member.user.username, password: 'secret-1' },
    });
    expect(taken.json().code).toBe('username_taken');

    const anonymous = await t.app.inject({ method: 'POST', url: '/api/links', payload: { title: 'x', url: 'https://x.example' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('not_signed_in');

    const notAdmin = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: member.cookie } });
    expect(notAdmin.json().code).toBe('forbidden');

    await createLink(t.app, member);
    const overLimit = await t.app.inject({
      method: 'POST',
      url: '/api/links',
      headers: { cookie: member.cookie },
      payload: { title: 'Second', url: 'https://two.example' },
    });
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.json().code).toBe('plan_link_limit');

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: member.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.json()).toEqual({ code: 'cross_origin', message: 'Cross-origin request refused' });

    for (const body of [invalid, taken, anonymous, notAdmin, overLimit, crossSite]) {
      expect(ERROR_CODES).toContain(body.json().code);
    }
  });

  it('checks who is asking before the input, so a visitor learns nothing of the rules', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/reserved-usernames', payload: { username: 42 } });
    expect(response.statusCode).toBe(401);
  });

  it('validates the body before anything reads it: an object as the login username is a 400, not a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: { $gt: '' }, password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('validation_failed');
  });

  it('sends only the declared fields of a user: never a password hash', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: member.cookie } });
    expect(Object.keys(me.json().data).sort()).toEqual(
      [
        'accountId',
        'accountUsername',
        'pageRole',
        'bio',
        'contentWarning',
        'createdAt',
        'deleteAfter',
        'displayName',
        'email',
        'emailConfirmed',
        'hasPassword',
        'id',
        'isActive',
        'language',
        'pageSpeaks',
        'plan',
        'profileImage',
        'role',
        'showUpdated',
        'markNewLinks',
        'showViews',
        'subscribeConsent',
        'subscribeForm',
        'timeZone',
        'updatedAt',
        'username',
        'weeklySummary',
        'summaryEvery',
        'verified',
      ].sort(),
    );
  });
});
