import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

// Random and hostile requests for the property-based test of every route
// (tests/api/fuzz.test.ts): wrong types, prototype keys, huge strings, deep
// nesting, invalid UTF-8, duplicate keys and multipart boundary games, in the
// body, the query string, the path parameters and the headers.

/** A route as the OpenAPI document names it, with the body fields and query parameters it declares. */
export interface RouteUnderTest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** With Fastify's `:name` parameters. */
  path: string;
  bodyFields: string[];
  queryFields: string[];
  multipart: boolean;
}

export type Role = 'anonymous' | 'user' | 'admin';

/** What a request may use from the world it runs in: ids that exist, and each role's cookie. */
export interface FuzzWorld {
  ids: string[];
  names: string[];
  cookies: Record<Role, string | undefined>;
}

const KNOWN_STRINGS = [
  '',
  ' ',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '\uFEFF',
  '\u202Eevil',
  'https://evil.example',
  '//evil.example',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '9007199254740993',
  'true',
  'null',
  '{}',
  '[]',
  'admin',
  // A block's types (issue 30), so that a union body is reached past its discriminator.
  'header',
  'text',
  'divider',
  'www.evil.example/<script>',
  '😀'.repeat(40),
  'a'.repeat(65_536),
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...KNOWN_STRINGS),
  fc.integer({ min: 0, max: 200_000 }).map((length) => 'x'.repeat(length)),
);

const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'role',
    'plan',
    'id',
    'userId',
    'isActive',
    'passwordHash',
  ),
);

const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, -1e308),
    fc.array(tie('value'), { maxLength: 6 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 6 }),
  ),
}));

/** JSON text with a `__proto__` key kept as text (JSON.stringify drops it from object literals). */
function withKey(fields: Record<string, unknown>, key: string, value: unknown): string {
  const text = JSON.stringify(fields);
  const entry = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
  return text === '{}' ? `{${entry}}` : `{${entry},${text.slice(1)}`;
}

/** A body for a JSON route: an object of its own fields with hostile values, or something that is not quite JSON. */
function jsonBody(route: RouteUnderTest): fc.Arbitrary<{ payload: string | Buffer; contentType?: string }> {
  const fieldNames = route.bodyFields.length > 0 ? route.bodyFields : ['name'];
  const fields = fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: fieldNames.length + 1 });
  const json = (payload: string) => ({ payload, contentType: 'application/json' });
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((object) => json(JSON.stringify(object))) },
    { weight: 1, arbitrary: fc.tuple(fields, hostileValue).map(([object, value]) => json(withKey(object, '__proto__', value))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom(...fieldNames), hostileValue, hostileValue)
        .map(([object, name, first, second]) =>
          json(withKey(JSON.parse(withKey(object, name, first)) as Record<string, unknown>, name, second)),
        ),
    },
    { weight: 1, arbitrary: hostileValue.map((value) => json(JSON.stringify(value) ?? 'null')) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 200_000 }).map((depth) => json('['.repeat(depth) + ']'.repeat(depth % 3 ? depth : 0))),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5_000 }).map((depth) => json('{"a":'.repeat(depth) + '1' + '}'.repeat(depth))) },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ payload: Buffer.from(bytes), contentType: 'application/json' })),
    },
    // Invalid UTF-8 inside a JSON string: a lone continuation byte, an overlong form, a truncated sequence.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldNames), fc.constantFrom([0x80], [0xc0, 0xaf], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xff]))
        .map(([name, bytes]) => ({
          payload: Buffer.concat([Buffer.from(`{"${name}":"a`), Buffer.from(bytes), Buffer.from('b"}')]),
          contentType: 'application/json; charset=utf-8',
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"a":', 'null', '"text"', '1', 'true', '{"a":1}}', "{'a':1}", '{"a":NaN}').map(json),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1_000_000, max: 1_200_000 }).map((size) => json(`{"${fieldNames[0]}":"${'y'.repeat(size)}"}`)),
    },
    // The right fields under another content type.
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fields,
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'application/vnd.api+json',
            'multipart/form-data',
            '*/*',
            ';;;',
            'application/json, text/plain',
          ),
        )
        .map(([object, contentType]) => ({ payload: JSON.stringify(object), contentType })),
    },
  );
}

const FILES: { name: string; mime: string; content: Buffer }[] = [
  { name: 'empty.png', mime: 'image/png', content: Buffer.alloc(0) },
  { name: 'x.png', mime: 'image/png', content: Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex') },
  {
    name: 'a.svg',
    mime: 'image/svg+xml',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script></svg>'),
  },
  {
    name: 'b.svg',
    mime: 'image/svg+xml',
    content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'),
  },
  {
    name: 'c.svg',
    mime: 'image/svg+xml',
    content: Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'),
  },
  { name: '../../etc/passwd', mime: 'application/octet-stream', content: Buffer.from('root:x:0:0') },
  { name: 'a.mp3', mime: 'audio/mpeg', content: Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000') },
  { name: 'x.ico', mime: 'image/x-icon', content: Buffer.from('000001000100ffff000000000000ffffffff', 'hex') },
];

/** A multipart body: a file of hostile content, or the structure itself broken (boundaries, headers, parts). */
function multipartBody(): fc.Arbitrary<{ payload: string | Buffer; contentType?: string }> {
  const file = fc.oneof(
    fc.constantFrom(...FILES),
    fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ name: 'noise.png', mime: 'image/png', content: Buffer.from(bytes) })),
  );
  const boundary = fc.oneof(
    fc.constant('b0undary'),
    fc.string({ minLength: 1, maxLength: 70 }).filter((text) => !/[\r\n"]/.test(text)),
  );
  const part = (name: string, filename: string | undefined, mime: string, content: Buffer, mark: string) =>
    Buffer.concat([
      Buffer.from(
        `--${mark}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: ${mime}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ]);
  return fc.oneof(
    // Well formed, hostile content.
    fc.tuple(file, boundary).map(([entry, mark]) => ({
      payload: Buffer.concat([part('file', entry.name, entry.mime, entry.content, mark), Buffer.from(`--${mark}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${mark}`,
    })),
    // No boundary, another boundary, a quoted or empty one.
    fc
      .tuple(
        file,
        fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary="other"',
          'multipart/form-data; boundary=other; boundary=b0undary',
          'multipart/mixed; boundary=b0undary',
        ),
      )
      .map(([entry, contentType]) => ({
        payload: Buffer.concat([part('file', entry.name, entry.mime, entry.content, 'b0undary'), Buffer.from('--b0undary--\r\n')]),
        contentType,
      })),
    // Cut short anywhere.
    fc.tuple(file, fc.nat()).map(([entry, cut]) => {
      const whole = Buffer.concat([part('file', entry.name, entry.mime, entry.content, 'b0undary'), Buffer.from('--b0undary--\r\n')]);
      return { payload: whole.subarray(0, cut % whole.length), contentType: 'multipart/form-data; boundary=b0undary' };
    }),
    // Many parts, fields with prototype names, two files, a part without a name or headers.
    fc.tuple(file, fc.integer({ min: 2, max: 40 }), hostileKey).map(([entry, count, name]) => ({
      payload: Buffer.concat([
        ...Array.from({ length: count }, (_, index) =>
          part(index % 2 ? name : 'file', index % 3 ? undefined : entry.name, entry.mime, entry.content, 'b0undary'),
        ),
        Buffer.from('--b0undary\r\n\r\nheaderless\r\n--b0undary\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--b0undary--\r\n'),
      ]),
      contentType: 'multipart/form-data; boundary=b0undary',
    })),
    // Header lines that never end, or are huge.
    fc.integer({ min: 1, max: 100_000 }).map((size) => ({
      payload: `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="${'n'.repeat(size)}"\r\n`,
      contentType: 'multipart/form-data; boundary=b0undary',
    })),
    jsonBody({ method: 'POST', path: '', bodyFields: ['file'], queryFields: [], multipart: true }),
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as a URL carries it; what is not well-formed Unicode becomes a byte that is not UTF-8 (%FF). */
function urlPart(text: string, maxLength: number): string {
  return encodeURIComponent(text.slice(0, maxLength).replace(LONE_SURROGATE, '\uFFFD')).replaceAll('%EF%BF%BD', '%FF');
}

/** A path parameter: an id that exists, a name, or something hostile (kept to what a client can put in a URL). */
function pathValue(world: FuzzWorld): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...world.ids) },
    { weight: 1, arbitrary: fc.constantFrom(...world.names) },
    { weight: 3, arbitrary: hostileString.map((text) => urlPart(text, 300)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%C0%AF',
        '%00',
        '..',
        '.',
        '%2e%2e%2f',
        '-1',
        '0',
        '1.5',
        '1e3',
        '99999999999999999999',
        'a'.repeat(201),
      ),
    },
  );
}

function queryString(route: RouteUnderTest): fc.Arbitrary<string> {
  const names = fc.oneof(
    fc.constantFrom(...route.queryFields, 'days', 'page'),
    hostileKey,
    fc.constantFrom('__proto__[x]', 'a[]', 'a[b][c]', 'constructor[prototype][x]'),
  );
  const pair = fc.tuple(names, fc.oneof(hostileString, fc.constantFrom('%', '%E0%A4%A', '7', '30', '90', '1', '100', '-5')));
  return fc.array(pair, { maxLength: 6 }).map((pairs) =>
    pairs.length === 0
      ? ''
      : '?' +
        pairs
          .map(([name, value]) => {
            const encode = (text: string) => (/^%|%E0/.test(text) ? text : urlPart(text, 3000));
            return `${encode(name)}=${encode(value)}`;
          })
          .join('&'),
  );
}

const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
  fc.constantFrom('null', 'https://evil.example', 'http://localhost:80', 'x'.repeat(8_000), 'gzip, br;q=2, *;q=-1', '../', 'undefined'),
);

/** Present now and then: most requests carry few odd headers, so that they reach the handler. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, weight = 1) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight, arbitrary });

function headers(world: FuzzWorld, role: Role): fc.Arbitrary<Record<string, string>> {
  const cookie = world.cookies[role];
  return fc
    .record({
      // Mutations without an Origin (as scripts send them) pass the CSRF check and reach the handler.
      origin: sometimes(headerValue),
      'sec-fetch-site': sometimes(fc.constantFrom('cross-site', 'same-site', 'same-origin', 'none', 'bogus')),
      'accept-encoding': sometimes(headerValue, 3),
      accept: sometimes(fc.constantFrom('*/*', 'text/html', 'application/json', 'text/csv', 'image/*', ';;'), 3),
      'user-agent': sometimes(headerValue, 3),
      'x-forwarded-for': sometimes(fc.constantFrom('1.2.3.4', '::1', 'not an address', '1.1.1.1, 2.2.2.2, unknown')),
      'x-forwarded-proto': sometimes(fc.constantFrom('https', 'gopher', '')),
      'if-none-match': sometimes(headerValue),
      // The languages the errors then speak (issue 54), as well as nonsense.
      'accept-language': sometimes(
        fc.oneof(headerValue, fc.constantFrom('es', 'ar', 'ja;q=0.9, en;q=0.1', 'zh-Hans-CN', 'pt-PT', 'de;q=abc', 'tr, *;q=0.5', 'xx-YY')),
      ),
      // The page a call acts on (issue 53): one of the world's own ids (a page of the user's, another's), or nonsense.
      'linkverse-page': sometimes(fc.constantFrom(...world.ids, '0', '-1', 'abc', '1e3', '99999999999', ' 1', '1,2', '')),
      // The role's own session most of the time, so that the signed-in code is reached.
      cookie: sometimes(
        fc.constantFrom('lv_session=forged', 'lv_session=', 'lv_session=%E0%A4%A', `${cookie ?? ''}; lv_session=other`, 'a=b; c', '=; =='),
      ),
    })
    .map((record) => {
      const result: Record<string, string> = {};
      for (const [name, value] of Object.entries(record)) if (value !== undefined) result[name] = value;
      if (result.cookie === undefined && cookie) result.cookie = cookie;
      return result;
    });
}

/** One hostile request for a route, made as the given role. */
export function hostileRequest(route: RouteUnderTest, world: FuzzWorld): fc.Arbitrary<{ role: Role; options: InjectOptions }> {
  const role = fc.constantFrom<Role>('anonymous', 'user', 'admin');
  const params = (route.path.match(/:\w+/g) ?? []).length;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = route.multipart ? multipartBody() : hasBody ? jsonBody(route) : fc.option(jsonBody(route), { freq: 5 });
  return role.chain((who) =>
    fc
      .record({
        values: fc.array(pathValue(world), { minLength: params, maxLength: params }),
        query: queryString(route),
        headers: headers(world, who),
        body,
      })
      .map(({ values, query, headers, body }) => {
        let index = 0;
        const url = route.path.replace(/:\w+/g, () => values[index++]!) + query;
        const all: Record<string, string> = { ...headers };
        if (body?.contentType !== undefined) all['content-type'] = body.contentType;
        return { role: who, options: { method: route.method, url, headers: all, ...(body ? { payload: body.payload } : {}) } };
      }),
  );
}

/** The number of hostile requests per route: FUZZ_RUNS, 300 unless told (`npm run fuzz` asks for more). */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
