/**
 * Where a page's main-thread time goes (issue 14, Lighthouse): loads a page of the built web app in Chromium
 * with 4× CPU slowdown (as Lighthouse's mobile run), records a CPU profile of the load and prints the
 * self time per source file (mapped through the build's source maps) and per function.
 *
 *   npm run build && node bench/profile-page.ts [dashboard|nginx|login] [seconds]
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { createTestServer } from '../bff/src/testing.ts';

const which = process.argv[2] ?? 'dashboard';
const seconds = Number(process.argv[3] ?? 8);
// PROFILE_BUILD=1: serve frontend/dist-profile (React's profiling build: `PROFILE_BUILD=1 npx vite build` in frontend/)
// and also print every React commit with its duration and the components that rendered most.
const profiling = Boolean(process.env.PROFILE_BUILD);
const dist = path.resolve(import.meta.dirname, profiling ? '../frontend/dist-profile' : '../frontend/dist');
const portal = await createTestServer({}, { spaDir: dist });
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const base = portal.url.replace('localhost', '127.0.0.1');
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823 });
  const email = which === 'nginx' ? 'admin@demo.example' : 'manager@demo.example';
  if (which !== 'login') {
    const client = portal.client();
    await client.login(email);
    await page.setCookie(...[...client.cookies].map(([name, value]) => ({ name, value, url: base })));
  }
  const [web] = await portal.db.orm.em
    .fork()
    .getConnection()
    .execute<{ id: number; cluster_id: number }[]>(`select id, cluster_id from servers where name like 'web01.%' order by id limit 1`);
  const url = { dashboard: `${base}/a/`, nginx: `${base}/a/clusters/${web.cluster_id}/servers/${web.id}/managed/nginx`, login: `${base}/a/login` }[which]!;
  if (profiling)
    await page.evaluateOnNewDocument(() => {
      type Fiber = { type: unknown; child: Fiber | null; sibling: Fiber | null; alternate: Fiber | null; memoizedProps: unknown; memoizedState: unknown; actualDuration?: number; selfBaseDuration?: number; tag: number };
      const commits: { at: number; ms: number; rendered: [string, number][]; roots: string[] }[] = [];
      (window as unknown as { __commits: typeof commits }).__commits = commits;
      const nameOf = (t: unknown): string => {
        if (typeof t === 'function') return (t as { displayName?: string; name: string }).displayName || (t as { name: string }).name || 'anonymous';
        if (t && typeof t === 'object') {
          const o = t as { displayName?: string; render?: unknown; type?: unknown };
          return o.displayName || (o.render ? nameOf(o.render) : o.type ? nameOf(o.type) : 'object');
        }
        return '';
      };
      (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        renderers: new Map(),
        inject() {
          return 1;
        },
        onScheduleFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        checkDCE() {},
        onCommitFiberRoot(_id: number, root: { current: Fiber }) {
          const rendered = new Map<string, number>();
          // Update roots: components that rendered while their parent did not (a state or store change of their own).
          const roots: string[] = [];
          const walk = (f: Fiber | null, parentRendered: boolean, parentName: string) => {
            for (; f; f = f.sibling) {
              const name = nameOf(f.type);
              const did = !f.alternate || f.memoizedProps !== f.alternate.memoizedProps || f.memoizedState !== f.alternate.memoizedState;
              if (name && did && f.tag !== 5 && f.tag !== 6) rendered.set(name, (rendered.get(name) ?? 0) + (f.selfBaseDuration ?? 0));
              if (did && !parentRendered && name && f.tag !== 5 && f.tag !== 6 && roots.length < 12) roots.push(`${name}<${parentName}`);
              walk(f.child, did, name || parentName);
            }
          };
          walk(root.current, false, 'root');
          commits.push({ at: performance.now(), ms: root.current.actualDuration ?? 0, rendered: [...rendered].sort((a, b) => b[1] - a[1]).slice(0, 6), roots });
        },
      };
    });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const { profile } = await cdp.send('Profiler.stop');
  // SHOT=<file.png>: a full-page screenshot at the end, to see what was measured.
  if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT as `${string}.png`, fullPage: true });
  if (profiling) {
    const commits = await page.evaluate(() => (window as unknown as { __commits: { at: number; ms: number; rendered: [string, number][]; roots: string[] }[] }).__commits);
    console.log(`${commits.length} React commits, ${commits.reduce((a, c) => a + c.ms, 0).toFixed(0)} ms rendering (4× slowdown)`);
    for (const c of commits)
      console.log(`${c.at.toFixed(0).padStart(6)} ms  ${c.ms.toFixed(1).padStart(7)} ms  ${c.rendered.map(([n, t]) => `${n} ${t.toFixed(1)}`).join(', ')}\n                     roots: ${c.roots.join(' ')}`);
  }
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (u: string) => {
    if (!maps.has(u)) {
      const file = path.join(dist, new URL(u).pathname.replace(/^\/a\//, ''));
      maps.set(u, fs.existsSync(`${file}.map`) ? new TraceMap(fs.readFileSync(`${file}.map`, 'utf8')) : null);
    }
    return maps.get(u);
  };
  const dt = new Map<number, number>();
  for (let i = 0; i < profile.samples!.length; i++) dt.set(profile.samples![i], (dt.get(profile.samples![i]) ?? 0) + (profile.timeDeltas![i] ?? 0));
  const bySource = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = dt.get(node.id) ?? 0;
    if (!us) continue;
    const { url: u, lineNumber, columnNumber, functionName } = node.callFrame;
    let source = u ? u : `(${functionName || 'native'})`;
    let name = functionName || '(anonymous)';
    const map = u ? mapOf(u) : null;
    if (map) {
      const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      source = (pos.source ?? u).replace(/.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
      name = `${pos.name ?? name} ${source}:${pos.line}`;
    }
    bySource.set(source, (bySource.get(source) ?? 0) + us);
    byFn.set(name, (byFn.get(name) ?? 0) + us);
  }
  // Each sample also counts for the innermost frame of the portal's own code on its stack (who caused the work).
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const ownName = new Map<number, string | null>();
  const ownOf = (id: number): string | null => {
    if (ownName.has(id)) return ownName.get(id)!;
    const n = nodeById.get(id)!;
    let result: string | null = null;
    const map = n.callFrame.url ? mapOf(n.callFrame.url) : null;
    if (map) {
      const pos = originalPositionFor(map, { line: n.callFrame.lineNumber + 1, column: n.callFrame.columnNumber });
      if (pos.source && !pos.source.includes('node_modules')) result = `${pos.name ?? n.callFrame.functionName} ${pos.source.replace(/^.*\/src\//, 'src/')}:${pos.line}`;
    }
    if (result === null && parent.has(id)) result = ownOf(parent.get(id)!);
    ownName.set(id, result);
    return result;
  };
  const byOwn = new Map<string, number>();
  for (const [id, us] of dt) {
    const fn = nodeById.get(id)!.callFrame.functionName;
    if (fn === '(idle)' || fn === '(program)') continue;
    const own = ownOf(id) ?? '(no portal frame)';
    byOwn.set(own, (byOwn.get(own) ?? 0) + us);
  }
  const total = [...dt.values()].reduce((a, b) => a + b, 0);
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log(`${(v / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  };
  console.log(`${url}: ${(total / 1000).toFixed(0)} ms profiled (4× slowdown)`);
  print('self time per source', bySource);
  print('self time per function', byFn);
  print('time per innermost portal frame', byOwn);
} finally {
  await browser.close();
  await portal.stop();
}
