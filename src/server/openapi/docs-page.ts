import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { OpenApiDocument } from './document.ts';

/**
 * The API reference page (`GET /api/v1/docs`), rendered on the server from the OpenAPI
 * document as plain HTML: no script at all, every text escaped (hono/html), one inline
 * stylesheet allowed by its hash in the page's own CSP.
 */

type Json = Record<string, unknown>;

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;color:#1b2530;margin:0 auto;max-width:64rem;padding:1rem 1.5rem 4rem}
h1{font-size:1.75rem}h2{font-size:1.4rem;margin-top:2.5rem;border-bottom:2px solid #d5dde5}
h3{font-size:1.1rem;margin:1.5rem 0 .25rem;font-family:ui-monospace,monospace;word-break:break-all}
.method{display:inline-block;min-width:4.5rem;font-weight:700}
table{border-collapse:collapse;margin:.25rem 0 .75rem}th,td{text-align:left;vertical-align:top;padding:.2rem .75rem .2rem 0}
th{font-weight:600}code{font-family:ui-monospace,monospace}
pre{background:#f3f6f9;padding:.75rem 1rem;overflow-x:auto;font-size:.875rem}
a{color:#0b4f8a}a:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's policy, in its own meta element as in every page of the site: nothing but its stylesheet. */
export const DOCS_PAGE_CSP = `default-src 'none'; style-src ${STYLE_HASH}; base-uri 'none'; form-action 'none'`;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head'] as const;

type Operation = { method: string; path: string; op: Json };

function schemaOf(document: OpenApiDocument, schema: unknown): Json | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop() ?? '';
    return schemaOf(document, (document.components?.schemas as Json | undefined)?.[name]);
  }
  return schema as Json;
}

/** A schema's type in a few words: `string`, `array of object`, `"new" | "won"`, `string | null`. */
function typeOf(document: OpenApiDocument, schema: unknown): string {
  const s = schemaOf(document, schema);
  if (!s) return 'any';
  if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) return [...new Set((s[key] as unknown[]).map((item) => typeOf(document, item)))].join(' | ');
  }
  if (s.type === 'array') return `array of ${typeOf(document, s.items)}`;
  if (Array.isArray(s.type)) return s.type.join(' | ');
  return typeof s.type === 'string' ? s.type : 'any';
}

function fieldsTable(document: OpenApiDocument, schema: unknown): HtmlEscapedString | Promise<HtmlEscapedString> | string {
  const s = schemaOf(document, schema);
  const properties = s?.properties as Json | undefined;
  if (!s || !properties || Object.keys(properties).length === 0) return '';
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return html`<table>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead>
<tbody>${Object.entries(properties).map(
    ([name, property]) => html`<tr><td><code>${name}</code></td><td>${typeOf(document, property)}</td><td>${required.has(name) ? 'yes' : 'no'}</td></tr>`,
  )}</tbody></table>`;
}

function jsonSchemaOf(content: unknown): unknown {
  return ((content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
}

function operationSection(document: OpenApiDocument, { method, path, op }: Operation) {
  const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((p) => {
    const ref = (p as Json).$ref;
    return (typeof ref === 'string' ? (document.components?.parameters as Json | undefined)?.[ref.split('/').pop() ?? ''] : p) as Json;
  });
  const body = jsonSchemaOf((op.requestBody as Json | undefined)?.content);
  const responses = Object.entries((op.responses as Json | undefined) ?? {});
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return html`<section aria-labelledby="${id}">
<h3 id="${id}"><span class="method">${method.toUpperCase()}</span> ${path}</h3>
${op.summary ? html`<p>${String(op.summary)}</p>` : ''}
${
  parameters.length > 0
    ? html`<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead>
<tbody>${parameters.map((p) => html`<tr><td><code>${String(p.name)}</code></td><td>${String(p.in)}</td><td>${typeOf(document, p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td></tr>`)}</tbody></table>`
    : ''
}
${body ? html`<h4>Request body (JSON)</h4>${fieldsTable(document, body)}` : ''}
<h4>Responses</h4>
<dl>${responses.map(
    ([status, response]) =>
      html`<dt><strong>${status}</strong></dt><dd>${String((response as Json).description ?? '')}${fieldsTable(document, jsonSchemaOf((response as Json).content))}</dd>`,
  )}</dl>
</section>`;
}

/** One event the site posts to webhook endpoints: its `data` fields and an example body. */
function webhookSection(document: OpenApiDocument, event: string, item: unknown) {
  const op = ((item as Json | undefined)?.post ?? {}) as Json;
  const content = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
  const data = (schemaOf(document, content?.schema)?.properties as Json | undefined)?.data;
  const id = `event-${event.replace(/[^a-z0-9]+/gi, '-')}`;
  return html`<section aria-labelledby="${id}">
<h3 id="${id}">${event}</h3>
${op.summary ? html`<p>${String(op.summary)}. ${String(op.description ?? '')}</p>` : ''}
<h4><code>data</code></h4>${fieldsTable(document, data)}
<h4>Example body</h4><pre><code>${JSON.stringify(content?.example, null, 2)}</code></pre>
</section>`;
}

/** The whole page, grouped by tag in the document's order. */
export async function docsPage(document: OpenApiDocument): Promise<string> {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Json | undefined)?.[method];
      if (op) operations.push({ method, path, op: op as Json });
    }
  }
  const tags = (document.tags ?? []).map((tag) => tag.name);
  const tagOf = (operation: Operation) => (Array.isArray(operation.op.tags) ? String(operation.op.tags[0]) : 'Other');
  for (const operation of operations) if (!tags.includes(tagOf(operation))) tags.push(tagOf(operation));
  const groups = tags
    .map((tag) => ({ tag, description: document.tags?.find((t) => t.name === tag)?.description, operations: operations.filter((o) => tagOf(o) === tag) }))
    .filter((group) => group.operations.length > 0);
  const events = Object.entries(document.webhooks ?? {});
  const slug = (tag: string) => `tag-${tag.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  const page = html`<!doctype html>
<html lang="en-IE">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${DOCS_PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${document.info.title}: reference</title>
<style>${raw(STYLE)}</style>
</head>
<body>
<header><h1>${document.info.title}</h1><p>${document.info.description ?? ''}</p><p>Machine-readable: <a href="openapi.json">OpenAPI 3.1 document</a>.</p></header>
<nav aria-label="Areas"><ul>${groups.map((group) => html`<li><a href="#${slug(group.tag)}">${group.tag}</a></li>`)}${events.length > 0 ? html`<li><a href="#webhook-events">Webhook events</a></li>` : ''}</ul></nav>
<main>${groups.map(
    (
      group,
    ) => html`<section aria-labelledby="${slug(group.tag)}"><h2 id="${slug(group.tag)}">${group.tag}</h2>${group.description ? html`<p>${group.description}</p>` : ''}
${group.operations.map((operation) => operationSection(document, operation))}</section>`,
  )}
${
  events.length > 0
    ? html`<section aria-labelledby="webhook-events"><h2 id="webhook-events">Webhook events</h2>
<p>What the site posts to each endpoint registered for an event: a JSON body with <code>type</code>, <code>timestamp</code> and <code>data</code>, signed in the <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> headers.</p>
${events.map(([event, item]) => webhookSection(document, event, item))}</section>`
    : ''
}</main>
</body>
</html>`;
  return String(await page);
}
