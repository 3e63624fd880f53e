/**
 * Summarises a V8 `.cpuprofile` (from `node --cpu-prof`): self time per function and per file, and the
 * inclusive ("total") time of the functions named on the command line or the top ones.
 *   node bench/profile-summary.ts <file>.cpuprofile [top=40]
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
}
const [file, topArg, requestsArg] = process.argv.slice(2);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; startTime: number; endTime: number };
/** With the number of requests served: time per request in µs next to each share. */
const requests = Number(requestsArg ?? 0);
const usPerSample = (profile.endTime - profile.startTime) / profile.samples.length;
const top = Number(topArg ?? 40);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = profile.nodes.reduce((s, n) => s + n.hitCount, 0);
const idle = profile.nodes.filter((n) => ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName));
const short = (url: string) => url.replace(/^file:\/\/\/work\/[^/]+\//, '').replace(/^.*node_modules\//, 'nm/');
const label = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const selfFile = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const n of profile.nodes) {
  if (!n.hitCount) continue;
  self.set(label(n), (self.get(label(n)) ?? 0) + n.hitCount);
  const f = short(n.callFrame.url) || n.callFrame.functionName;
  const pkg = f.startsWith('nm/') ? f.split('/').slice(0, f.split('/')[1].startsWith('@') ? 3 : 2).join('/') : f;
  selfFile.set(pkg, (selfFile.get(pkg) ?? 0) + n.hitCount);
  // inclusive: each distinct label on the stack once
  const seen = new Set<string>();
  for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
    const l = label(byId.get(id)!);
    if (!seen.has(l)) {
      seen.add(l);
      inclusive.set(l, (inclusive.get(l) ?? 0) + n.hitCount);
    }
  }
}
const pct = (v: number) =>
  ((100 * v) / total).toFixed(1).padStart(5) + '%' + (requests ? ` ${((v * usPerSample) / requests).toFixed(2).padStart(6)} µs/req` : '');
console.log(`samples ${total}; idle/program/gc: ${idle.map((n) => `${n.callFrame.functionName} ${pct(n.hitCount)}`).join(', ')}`);
const print = (title: string, m: Map<string, number>, k: number) => {
  console.log(`\n== ${title}`);
  for (const [l, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, k)) console.log(`${pct(v)}  ${l}`);
};
print('self time by package/file', selfFile, 30);
print('self time by function', self, top);
print('inclusive time by function', inclusive, top);

// Attribution: each sample to the innermost frame of our own code (bff/, core/, plugins/) or, failing
// that, of the HTTP layer (koa's respond, node's http) — what each middleware costs with everything it calls.
const ours = (url: string) => /\/work\/[^/]+\/(bff|core|plugins)\//.test(url) && !url.includes('node_modules');
const owner = new Map<string, number>();
for (const n of profile.nodes) {
  if (!n.hitCount) continue;
  let name: string | undefined;
  for (let id: number | undefined = n.id; id !== undefined && !name; id = parent.get(id)) {
    const f = byId.get(id)!;
    if (ours(f.callFrame.url)) name = label(f);
  }
  if (!name) {
    for (let id: number | undefined = n.id; id !== undefined && !name; id = parent.get(id)) {
      const f = byId.get(id)!;
      if (/koa\/lib\/application/.test(f.callFrame.url)) name = `koa ${f.callFrame.functionName}`;
      else if (/koa-compose/.test(f.callFrame.url)) name = 'koa-compose';
      else if (/_http_server|_http_common/.test(f.callFrame.url)) name = 'node http';
    }
  }
  name ??= n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : `other: ${label(n)}`;
  owner.set(name, (owner.get(name) ?? 0) + n.hitCount);
}
print('by owner (innermost own frame, with everything it calls)', owner, top);
