import { tokenScopeOf } from '#shared/api-tokens.ts';
import { escapeHtml } from './html.ts';

// The API reference page (/api/docs): the OpenAPI document rendered on the
// server as plain HTML. No script, no outside file: it works offline, under the
// site's Content-Security-Policy, with a keyboard and a screen reader (native
// <details>), in the site's dark look.

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

interface Operation {
  summary?: string;
  /** Who may call it: the session, or a personal API token with the scope named (issue 32). */
  security?: Array<Record<string, string[]>>;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const schemaName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A schema as a TypeScript-like type, HTML-escaped, with named schemas linked. */
function typeOf(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema) return 'unknown';
  if (schema.$ref) {
    const name = escapeHtml(schemaName(schema.$ref));
    return `<a href="#schema-${name}">${name}</a>`;
  }
  if (schema.const !== undefined) return escapeHtml(JSON.stringify(schema.const));
  if (schema.enum) return schema.enum.map((value) => escapeHtml(JSON.stringify(value))).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeOf(variant, indent)).join(' | ');
  if (schema.type === 'array') return `${typeOf(schema.items, indent)}[]`;
  if (schema.type === 'object' || schema.properties) {
    const properties = Object.entries(schema.properties ?? {});
    if (properties.length === 0) {
      return typeof schema.additionalProperties === 'object'
        ? `Record&lt;string, ${typeOf(schema.additionalProperties, indent)}&gt;`
        : '{}';
    }
    const inner = `${indent}  `;
    const lines = properties.map(([key, value]) => {
      const optional = schema.required?.includes(key) ? '' : '?';
      return `${inner}${escapeHtml(key)}${optional}: ${typeOf(value, inner)};`;
    });
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'unknown');
  return escapeHtml(type === 'integer' ? 'number' : type);
}

function renderOperation(method: string, path: string, operation: Operation): string {
  const parameters = (operation.parameters ?? [])
    .map(
      (parameter) =>
        `${escapeHtml(parameter.name)}${parameter.required ? '' : '?'} (${escapeHtml(parameter.in)}): ${typeOf(parameter.schema)}`,
    )
    .join('\n');
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const consumes = Object.keys(operation.requestBody?.content ?? {}).filter((type) => type !== 'application/json');
  const responses = Object.entries(operation.responses ?? {})
    .map(([status, answer]) => {
      const schema = answer.content?.['application/json']?.schema;
      return `<dt>${escapeHtml(status)}</dt><dd><pre>${schema ? typeOf(schema) : 'no body'}</pre></dd>`;
    })
    .join('');
  return `<details class="operation"><summary><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code> <span class="summary">${escapeHtml(operation.summary ?? '')}</span></summary>
<div class="body">${parameters ? `<h3>Parameters</h3><pre>${parameters}</pre>` : ''}${body ? `<h3>Request body (JSON)</h3><pre>${typeOf(body)}</pre>` : ''}${consumes.length ? `<h3>Request body</h3><p>${consumes.map(escapeHtml).join(', ')}</p>` : ''}<h3>Responses</h3><dl>${responses}</dl>${tryIt(method, path, operation, body !== undefined)}</div></details>`;
}

/**
 * For an operation a token may call: the curl command (what works without
 * script), and a form the page's script sends with the token typed at the top
 * (hidden until the script shows it).
 */
function tryIt(method: string, path: string, operation: Operation, hasBody: boolean): string {
  const scope = tokenScopeOf(operation.security);
  if (!scope) return '';
  const id = `try-${method}-${path.replace(/\W+/g, '-')}`;
  const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const curl = `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} -H "Authorization: Bearer $LINKVERSE_TOKEN"${hasBody ? ` -H "Content-Type: application/json" -d '{…}'` : ''} "$SITE${path}"`;
  const fields = parameters
    .map(
      (parameter) =>
        `<label for="${id}-${escapeHtml(parameter.name)}">${escapeHtml(parameter.name)} <small>(${escapeHtml(parameter.in)})</small></label><input id="${id}-${escapeHtml(parameter.name)}" name="${escapeHtml(parameter.name)}" data-in="${escapeHtml(parameter.in)}" autocomplete="off">`,
    )
    .join('');
  return `<h3>With an API token (scope <code>${escapeHtml(scope)}</code>)</h3><pre>${escapeHtml(curl)}</pre>
<form class="try" data-method="${escapeHtml(method)}" data-path="${escapeHtml(path)}" aria-label="Try ${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}" hidden>${fields}${hasBody ? `<label for="${id}-body">Body (JSON)</label><textarea id="${id}-body" rows="4" spellcheck="false"></textarea>` : ''}<button type="submit">Send</button><output></output></form>`;
}

const STYLE = `html{background:#0b0b14;color:#e4e4e7;font-family:Inter,ui-sans-serif,system-ui,sans-serif;line-height:1.5}
body{margin:0}main{max-width:960px;margin:0 auto;padding:32px 20px 64px}a{color:#c4b5fd}
h1{font-size:32px;margin:0 0 8px}h2{font-size:22px;margin:40px 0 12px;border-bottom:1px solid #27272a;padding-bottom:6px}
h3{font-size:17px;margin:28px 0 8px}.body h3{font-size:14px;margin:16px 0 4px;color:#d4d4d8}p{color:#d4d4d8}
.operation{border:1px solid #27272a;border-radius:12px;margin:8px 0;background:#12121c}
summary{cursor:pointer;padding:10px 14px;display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
summary:focus-visible{outline:2px solid #a78bfa;outline-offset:2px;border-radius:12px}
.method{font:700 12px/1 ui-monospace,monospace;padding:5px 8px;border-radius:6px;background:#3f3f46;color:#fff;min-width:52px;text-align:center}
.get{background:#1d4ed8}.post{background:#15803d}.put{background:#a16207}.patch{background:#7e22ce}.delete{background:#b91c1c}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}code{overflow-wrap:anywhere}.summary{color:#d4d4d8}
.body{padding:0 14px 14px}pre{background:#0b0b14;border:1px solid #27272a;border-radius:8px;padding:10px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;color:#e4e4e7}
dl{margin:0}dt{font-weight:700;margin-top:8px}dd{margin:0}
.try,#try-token{display:grid;gap:6px;margin-top:8px}.try[hidden],#try-token[hidden]{display:none}
input,textarea{font:13px ui-monospace,monospace;background:#0b0b14;color:#e4e4e7;border:1px solid #3f3f46;border-radius:8px;padding:8px}
input:focus-visible,textarea:focus-visible,button:focus-visible{outline:2px solid #a78bfa;outline-offset:2px}
button{justify-self:start;font:600 14px Inter,ui-sans-serif,sans-serif;background:#7c3aed;color:#fff;border:0;border-radius:999px;padding:8px 18px;cursor:pointer}
output{white-space:pre-wrap;font:13px ui-monospace,monospace;color:#e4e4e7}output:empty{display:none}
#try-token{border:1px solid #27272a;border-radius:12px;padding:14px;background:#12121c}`;

/** The whole reference page. */
export function renderApiReference(document: OpenApiDocument, openApiPath: string, tryItScript: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(renderOperation(method, path, operation));
    }
  }
  const sections = [...byTag].map(([tag, operations]) => `<h2>${escapeHtml(tag)}</h2>${operations.join('')}`).join('');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .filter(([name]) => !name.endsWith('Input'))
    .map(([name, schema]) => `<h3 id="schema-${escapeHtml(name)}">${escapeHtml(name)}</h3><pre>${typeOf(schema)}</pre>`)
    .join('');
  const { title, version, description } = document.info;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} reference</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1><p>${escapeHtml(description ?? '')}</p><p>The OpenAPI 3.1 document: <a href="${escapeHtml(openApiPath)}">${escapeHtml(openApiPath)}</a>.</p>
<section id="try-token" aria-label="Try the API" hidden><label for="api-token">Your API token (Account → API tokens), to try the operations that take one from this page</label><input id="api-token" type="password" autocomplete="off" spellcheck="false" placeholder="lv_…"><p>It stays in this page: nothing stores it. Calls act as you, for real.</p></section>
${sections}<h2>Schemas</h2>${schemas}</main><script src="${escapeHtml(tryItScript)}" defer></script></body></html>`;
}
