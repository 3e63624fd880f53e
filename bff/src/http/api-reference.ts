import type { Middleware } from 'koa';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is arbitrary JSON
type Json = any;

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A readable, script-free API reference rendered from the bundled document, at `/api/docs`. */
export function apiReference(doc: Json): Middleware {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const tag = op.tags?.[0] ?? 'other';
      const params = (op.parameters ?? [])
        .map((p: Json) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
        .map((p: Json) => `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ', required' : ''}) ${esc(p.description)}</li>`)
        .join('');
      const body = op.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries<Json>(op.responses)
        .map(([s, r]) => `<li><code>${esc(s)}</code> ${esc(r.description ?? r.$ref?.split('/').pop())}</li>`)
        .join('');
      const auth = (op.security ?? doc.security).length ? 'signed in' : 'public';
      const deprecated = op.deprecated ? ` · <strong>deprecated</strong> since ${esc(op['x-deprecated-since'])}, sunset ${esc(op['x-sunset'])}` : '';
      const html = `<section id="${esc(op.operationId)}"><h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p><strong>${esc(op.summary)}</strong> · <code>${esc(op.operationId)}</code> · ${auth}${deprecated}</p>${op.description ? `<p>${esc(op.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body ? `<h4>Request body</h4><pre>${esc(JSON.stringify(body, null, 2))}</pre>` : ''}
<h4>Responses</h4><ul>${responses}</ul></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/api/docs.css"></head><body><main>
<h1>${esc(doc.info.title)} <small>${esc(doc.info.version)}</small></h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> · Changes: <a href="/api/changelog">/api/changelog</a></p>
<pre class="intro">${esc(doc.info.description)}</pre>
${[...byTag].map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('\n')}`).join('\n')}
</main></body></html>`;
  const css = `body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2430}main{max-width:960px;margin:auto;padding:24px}
section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:4px 16px;margin:12px 0}pre{background:#f0f2f5;padding:8px;overflow:auto;white-space:pre-wrap}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:13px;padding:2px 6px}.get{background:#1a7f37}.post{background:#0969da}
.patch,.put{background:#9a6700}.delete{background:#cf222e}h3{margin:12px 0 4px}`;
  return async (ctx, next) => {
    if (ctx.path === '/api/openapi.json') {
      ctx.body = doc;
      return;
    }
    if (ctx.path === '/api/docs') {
      ctx.type = 'html';
      ctx.body = page;
      return;
    }
    if (ctx.path === '/api/docs.css') {
      ctx.type = 'css';
      ctx.body = css;
      return;
    }
    await next();
  };
}
