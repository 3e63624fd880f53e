/**
 * `npm run test:times -- <times.jsonl>`: merges the wall times a whole run recorded (PORTAL_TEST_TIMES, see
 * core/testing/groups/runGroup.ts) into core/testing/portalTestTimes.json, the measure the portal test groups are
 * balanced by (core/testing/portalTests.js). Files measured again replace their old figure; files that no longer
 * exist are dropped.
 */
import fs from 'node:fs';
import path from 'node:path';

const input = process.argv[2];
if (!input) {
  console.error('usage: npm run test:times -- <times.jsonl>');
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, '..');
const target = path.join(root, 'core/testing/portalTestTimes.json');
const times: Record<string, number> = fs.existsSync(target) ? JSON.parse(fs.readFileSync(target, 'utf8')) : {};
for (const line of fs.readFileSync(input, 'utf8').split('\n').filter(Boolean)) {
  const { file, seconds } = JSON.parse(line) as { file: string; seconds: number };
  times[file] = seconds;
}
const kept = Object.fromEntries(Object.entries(times).filter(([file]) => fs.existsSync(path.join(root, file))).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(target, `${JSON.stringify(kept, null, 2)}\n`);
console.log(`${Object.keys(kept).length} files measured; ${Math.round(Object.values(kept).reduce((a, b) => a + b, 0))} s in all`);
