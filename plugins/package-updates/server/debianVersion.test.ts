/**
 * Debian version ordering, proven against the real `dpkg --compare-versions` on many pairs: hand-picked edge cases
 * (epochs, `~`, letters against digits, leading zeros, revisions) and every pair of neighbours among the versions of
 * the packages installed on this machine.
 */
import { execFileSync } from 'node:child_process';
import { compareDebianVersions, parseDebianVersion } from './debianVersion.ts';

/** What dpkg says of each pair, asked in one shell (one process per pair would take seconds). */
function dpkgOrder(pairs: readonly (readonly [string, string])[]): number[] {
  const script =
    'while read a b; do if dpkg --compare-versions "$a" lt "$b"; then echo -1; elif dpkg --compare-versions "$a" eq "$b"; then echo 0; else echo 1; fi; done';
  const out = execFileSync('sh', ['-c', script], { input: pairs.map(([a, b]) => `${a} ${b}`).join('\n') + '\n', encoding: 'utf8' });
  return out.trim().split('\n').map(Number);
}

const edgeCases: [string, string][] = [
  ['1.0~rc1', '1.0'],
  ['1.0', '1.0+deb12u1'],
  ['1:0.9', '2.0'],
  ['0:1.0', '1.0'],
  ['1.0~~', '1.0~'],
  ['1.0~~a', '1.0~'],
  ['1.0-a', '1.0-1'],
  ['1.0a', '1.0+'],
  ['1.0.0', '1.0'],
  ['2.30', '2.4'],
  ['1.002', '1.2'],
  ['1.2.3~rc1-1', '1.2.3-1'],
  ['7.88.1-10+deb12u14', '7.88.1-10+deb12u5'],
  ['3.0.11-1~deb12u2', '3.0.22-1~deb12u2'],
  ['2024a-0+deb12u1', '2026f-0+deb12u1'],
  ['5:7.0.15-1~deb12u10', '7.2.4-1'],
  ['10:1', '9:2'],
  ['1.0-1-1', '1.0-1'],
  ['1.0+dfsg-1', '1.0-1'],
  ['1.0+dfsg-1', '1.0.1-1'],
  ['1.22.1-9+deb12u1', '1.22.1-9+deb12u11'],
  ['6.1.192-3', '6.1.192-3'],
  ['1.0-0', '1.0'],
  ['1:1.0~bpo1', '1:1.0'],
  ['a', 'b'].map((x) => `1${x}`) as [string, string],
];

describe('Debian version ordering', () => {
  it('agrees with dpkg --compare-versions on edge cases (epoch, ~, letters, revisions)', () => {
    const expected = dpkgOrder(edgeCases);
    expect(edgeCases.map(([a, b]) => compareDebianVersions(a, b))).toEqual(expected);
    // And the other way round.
    expect(edgeCases.map(([a, b]) => compareDebianVersions(b, a))).toEqual(expected.map((d) => (d === 0 ? 0 : -d)));
  });

  it('agrees with dpkg on neighbouring versions of every package installed on this machine', () => {
    const versions = [...new Set(execFileSync('dpkg-query', ['-W', '-f=${Version}\\n'], { encoding: 'utf8' }).trim().split('\n'))];
    expect(versions.length).toBeGreaterThan(100);
    // 400 pairs: each of 200 versions against the next and the one seven further (unrelated and close pairs).
    const some = versions.filter((_, i) => i % Math.ceil(versions.length / 200) === 0);
    const pairs = some.flatMap((v, i) => [[v, some[(i + 1) % some.length]!] as const, [v, some[(i + 7) % some.length]!] as const]);
    const ours = pairs.map(([a, b]) => compareDebianVersions(a, b));
    expect(ours).toEqual(dpkgOrder(pairs));
  });

  it('sorts the way apt does, not as semver: 1.0~rc1 < 1.0 < 1.0+deb12u1 < 1.0.1 < 1:0.1', () => {
    const shuffled = ['1:0.1', '1.0.1', '1.0', '1.0+deb12u1', '1.0~rc1'];
    expect([...shuffled].sort(compareDebianVersions)).toEqual(['1.0~rc1', '1.0', '1.0+deb12u1', '1.0.1', '1:0.1']);
  });

  it('splits epoch, upstream and revision, and refuses what is no version', () => {
    expect(parseDebianVersion('5:7.0.15-1~deb12u10')).toEqual({ epoch: 5, upstream: '7.0.15', revision: '1~deb12u10' });
    expect(parseDebianVersion('1.0-1-2')).toEqual({ epoch: 0, upstream: '1.0-1', revision: '2' });
    expect(parseDebianVersion('2.4')).toEqual({ epoch: 0, upstream: '2.4', revision: '' });
    for (const bad of ['', 'abc', '1.0 2', 'x:1.0', '1.0-']) expect(parseDebianVersion(bad)).toBeUndefined();
    expect(() => compareDebianVersions('1.0', 'nope')).toThrow(/not a Debian version/);
  });
});
