/**
 * The test files that start a portal or a test database (`startPluginPortal`, `createTestServer`,
 * `createTestDatabase`). In Jest's ESM mode every test file evaluates its whole module graph again (BFF, core,
 * MikroORM, the contract's validators): about 15 s per such file, against 2 s for the same imports in plain Node.
 * The full run (`npm test`, JEST_GROUPS=n) therefore runs them in n group files (core/testing/groups), each
 * importing its share of these files into one module graph; a targeted run (`npm run test:unit -- <path>`) runs
 * them one by one as before. Plain JavaScript: jest.config.js reads it with Node, outside the transform.
 */
import fs from 'node:fs';
import path from 'node:path';

const roots = ['core', 'bff', 'openapi', 'client', 'plugins', 'frontend', 'scripts'];
const starts = /\b(startPluginPortal|createTestServer|createTestDatabase|startSuite)(<[^>()]*>)?\(/;
/** Files that must stay alone: they run as steps of their own or rewrite shared files. */
const alone = new Set(['scripts/plugin-new.test.ts', 'bff/src/scale-out.test.ts']);

function walk(dir, out) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'e2e' || entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file, out);
    else if (entry.name.endsWith('.test.ts')) out.push(file);
  }
  return out;
}

/** Paths relative to `rootDir`, sorted, with their size (the weight used to balance the groups). */
export function portalTests(rootDir) {
  return roots
    .filter((r) => fs.existsSync(path.join(rootDir, r)))
    .flatMap((r) => walk(path.join(rootDir, r), []))
    .map((file) => path.relative(rootDir, file))
    .filter((file) => !alone.has(file) && !file.startsWith('core/testing/groups/'))
    .map((file) => ({ file, text: fs.readFileSync(path.join(rootDir, file), 'utf8') }))
    .filter(({ text }) => starts.test(text))
    .map(({ file, text }) => ({ file, weight: text.length }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * Measured seconds per file (`core/testing/portalTestTimes.json`, from a whole run with PORTAL_TEST_TIMES, see
 * runGroup.ts); a file not measured yet is estimated from its size at the median seconds per byte of the measured ones.
 * The size alone was a poor measure: the fuzz suite is a small file that runs for minutes.
 */
function measuredWeights(rootDir, tests) {
  const timesFile = path.join(rootDir, 'core/testing/portalTestTimes.json');
  const times = fs.existsSync(timesFile) ? JSON.parse(fs.readFileSync(timesFile, 'utf8')) : {};
  const rates = tests.filter((t) => times[t.file] > 0).map((t) => times[t.file] / t.weight).sort((a, b) => a - b);
  if (!rates.length) return tests;
  const rate = rates[Math.floor(rates.length / 2)];
  return tests.map((t) => ({ file: t.file, weight: times[t.file] > 0 ? times[t.file] : t.weight * rate }));
}

/** The files of group `index` (0-based) of `count`: heaviest first onto the lightest group. */
export function portalTestGroup(rootDir, index, count) {
  const groups = Array.from({ length: count }, () => ({ weight: 0, files: [] }));
  for (const test of measuredWeights(rootDir, portalTests(rootDir)).sort((a, b) => b.weight - a.weight || a.file.localeCompare(b.file))) {
    const lightest = groups.reduce((min, g) => (g.weight < min.weight ? g : min));
    lightest.weight += test.weight;
    lightest.files.push(test.file);
  }
  return groups[index].files.sort();
}
