/**
 * A self-contained API reference page (no CDN: deployments run without internet). It fetches the
 * OpenAPI document beside it and renders each operation with its parameters and body schema.
 */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Plod API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#222}
h2{border-bottom:1px solid #ddd;margin-top:2rem}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}
summary{cursor:pointer}code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f6f6f6;padding:.5rem;overflow:auto}
.m{display:inline-block;min-width:4.2rem;font-weight:700;text-transform:uppercase}
.get{color:#1565c0}.post{color:#2e7d32}.put,.patch{color:#ef6c00}.delete{color:#c62828}
</style></head><body>
<h1>Plod API reference</h1>
<p>Generated from <a href="openapi.json">openapi.json</a>. Errors answer <code>{ message }</code> (400 adds <code>issues</code>).</p>
<div id="ops">Loading…</div>
<script>
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
fetch('openapi.json').then((r) => r.json()).then((doc) => {
  const groups = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags && op.tags[0]) || 'Other';
      (groups[tag] = groups[tag] || []).push({ path, method, op });
    }
  }
  let html = '';
  for (const tag of Object.keys(groups).sort()) {
    html += '<h2>' + esc(tag) + '</h2>';
    for (const { path, method, op } of groups[tag]) {
      const params = (op.parameters || []).map((p) => '<li><code>' + esc(p.name) + '</code> (' + esc(p.in) + ')' + (p.description ? ': ' + esc(p.description) : '') + '</li>').join('');
      const body = op.requestBody && op.requestBody.content['application/json'];
      const responses = Object.entries(op.responses || {}).map(([code, r]) => '<li>' + esc(code) + ': ' + esc(r.description) + '</li>').join('');
      html += '<details><summary><span class="m ' + method + '">' + method + '</span> <code>' + esc(path) + '</code> ' + esc(op.summary || '') + '</summary>'
        + (op.description ? '<p>' + esc(op.description) + '</p>' : '')
        + (params ? '<p>Parameters</p><ul>' + params + '</ul>' : '')
        + (body ? '<p>Body</p><pre>' + esc(JSON.stringify(body.schema, null, 2)) + '</pre>' : '')
        + '<p>Responses</p><ul>' + responses + '</ul></details>';
    }
  }
  document.getElementById('ops').innerHTML = html;
}).catch((e) => { document.getElementById('ops').textContent = 'Could not load openapi.json: ' + e; });
</script></body></html>`;
