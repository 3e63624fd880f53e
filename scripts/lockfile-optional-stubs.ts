/**
 * The registry this project is installed from here lacks the platform binaries of some packages for
 * other systems (e.g. `@swc/core-darwin-arm64`), so `npm install` leaves them out of the lockfile and
 * `npm ci` then refuses the lockfile as out of sync. This adds the missing optional entries with the
 * platform they are for, so `npm ci` skips them on other platforms exactly as with a complete lockfile.
 * Run after changing dependencies: `node scripts/lockfile-optional-stubs.ts`.
 */
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as { packages: Record<string, Record<string, unknown>> };

const osOf = (name: string) =>
  ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openbsd', 'sunos', 'aix', 'netbsd'].find((os) => new RegExp(`[-/]${os}[-@]|[-/]${os}$`).test(name));
const cpuOf = (name: string) =>
  ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32', 'mips64el'].find((cpu) => new RegExp(`-${cpu}(-|$)`).test(name));

let added = 0;
for (const [at, pkg] of Object.entries(lock.packages)) {
  const optional = pkg.optionalDependencies as Record<string, string> | undefined;
  if (!optional) continue;
  const base = at ? `${at}/node_modules/` : 'node_modules/';
  for (const [name, spec] of Object.entries(optional)) {
    if (lock.packages[`${base}${name}`] || lock.packages[`node_modules/${name}`]) continue;
    const os = osOf(name);
    const cpu = cpuOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave it to npm
    const entry: Record<string, unknown> = { version: spec.replace(/^[\^~=]/, ''), dev: pkg.dev, optional: true };
    if (!entry.dev) delete entry.dev;
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (/musl/.test(name)) entry.libc = ['musl'];
    else if (/gnu/.test(name) && os === 'linux') entry.libc = ['glibc'];
    lock.packages[`node_modules/${name}`] = entry;
    added++;
  }
}
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} optional platform entries`);
