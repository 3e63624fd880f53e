/** The portal test groups are balanced by measured seconds (issue 24 §4): a small file that runs long is not lumped with others. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portalTestGroup } from './portalTests.js';

// The marker is assembled, so this file itself is not taken for a portal test.
function tree(files: Record<string, number>, times?: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tests-'));
  for (const [file, size] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${['createTest', 'Server'].join('')}(); ${'x'.repeat(size)}`);
  }
  if (times) {
    fs.mkdirSync(path.join(root, 'core/testing'), { recursive: true });
    fs.writeFileSync(path.join(root, 'core/testing/portalTestTimes.json'), JSON.stringify(times));
  }
  return root;
}

const groups = (root: string) => [0, 1].map((i) => portalTestGroup(root, i, 2));

describe('portal test groups', () => {
  const files = { 'bff/fuzz.test.ts': 100, 'core/a.test.ts': 1000, 'core/b.test.ts': 1000, 'core/c.test.ts': 1000 };

  it('without measurements, balances by size', () => {
    const [one, two] = groups(tree(files));
    expect([one.length, two.length].sort()).toEqual([2, 2]);
  });

  it('with measurements, the long small file gets a group of its own, and an unmeasured file is estimated from its size', () => {
    const root = tree({ ...files, 'core/new.test.ts': 1000 }, { 'bff/fuzz.test.ts': 600, 'core/a.test.ts': 100, 'core/b.test.ts': 100, 'core/c.test.ts': 100 });
    const [one, two] = groups(root);
    const fuzzGroup = one.includes('bff/fuzz.test.ts') ? one : two;
    expect(fuzzGroup).toEqual(['bff/fuzz.test.ts']);
    expect((fuzzGroup === one ? two : one).sort()).toEqual(['core/a.test.ts', 'core/b.test.ts', 'core/c.test.ts', 'core/new.test.ts']);
  });
});
