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
<div class="body">${parameters ? `<h4>Parameters</h4><pre>${parameters}</pre>` : ''}${body ? `<h4>Request body (JSON)</h4><pre>${typeOf(body)}</pre>` : ''}${consumes.length ? `<h4>Request body</h4><p>${consumes.map(escapeHtml).join(', ')}</p>` : ''}<h4>Responses</h4><dl>${responses}</dl></div></details>`;
}

const STYLE = `html{background:#0b0b14;color:#e4e4e7;font-family:Inter,ui-sans-serif,system-ui,sans-serif;line-height:1.5}
body{margin:0}main{max-width:960px;margin:0 auto;padding:32px 20px 64px}a{color:#c4b5fd}
h1{font-size:32px;margin:0 0 8px}h2{font-size:22px;margin:40px 0 12px;border-bottom:1px solid #27272a;padding-bottom:6px}
h3{font-size:17px;margin:28px 0 8px}h4{font-size:14px;margin:16px 0 4px;color:#d4d4d8}p{color:#d4d4d8}
.operation{border:1px solid #27272a;border-radius:12px;margin:8px 0;background:#12121c}
summary{cursor:pointer;padding:10px 14px;display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
summary:focus-visible{outline:2px solid #a78bfa;outline-offset:2px;border-radius:12px}
.method{font:700 12px/1 ui-monospace,monospace;padding:5px 8px;border-radius:6px;background:#3f3f46;color:#fff;min-width:52px;text-align:center}
.get{background:#1d4ed8}.post{background:#15803d}.put{background:#a16207}.patch{background:#7e22ce}.delete{background:#b91c1c}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}code{overflow-wrap:anywhere}.summary{color:#d4d4d8}
.body{padding:0 14px 14px}pre{background:#0b0b14;border:1px solid #27272a;border-radius:8px;padding:10px;white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0;color:#e4e4e7}
dl{margin:0}dt{font-weight:700;margin-top:8px}dd{margin:0}`;

/** The whole reference page. */
export function renderApiReference(document: OpenApiDocument, openApiPath: string): string {
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
${sections}<h2>Schemas</h2>${schemas}</main></body></html>`;
}
