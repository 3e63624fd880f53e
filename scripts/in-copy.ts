/**
 * `node scripts/in-copy.ts <command>`: runs a shell command in a throw-away copy of the working tree (tracked and
 * untracked files that git does not ignore; every `node_modules` hard-linked, not copied), then removes the copy.
 *
 * For `npm test`: the plugin scaffolder's test writes a new plugin and regenerates the contract and the registries
 * for a few minutes. In the checkout that forced it to run alone; in a copy it runs beside the other steps.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const command = process.argv.slice(2).join(' ');
if (!command) {
  console.error('usage: node scripts/in-copy.ts <command>');
  process.exit(2);
}
const repo = path.resolve(import.meta.dirname, '..');
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-copy-'));
let status: number;
try {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repo, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(repo, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  }
  // The root's and the workspaces' node_modules (links inside them are relative, so they point into the copy).
  const modules = ['node_modules', ...fs.readdirSync(repo).flatMap((dir) => nestedModules(dir, 2))];
  for (const dir of modules) {
    fs.mkdirSync(path.dirname(path.join(copy, dir)), { recursive: true });
    execFileSync('cp', ['-al', path.join(repo, dir), path.join(copy, dir)]);
  }
  status = spawnSync(command, { cwd: copy, shell: true, stdio: 'inherit' }).status ?? 1;
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
process.exit(status);

/** `<dir>/node_modules` and those of its subdirectories down to `depth` levels (workspaces such as plugins/sdk). */
function nestedModules(dir: string, depth: number): string[] {
  const full = path.join(repo, dir);
  if (dir === 'node_modules' || dir.startsWith('.') || !fs.statSync(full).isDirectory()) return [];
  if (fs.existsSync(path.join(full, 'node_modules'))) return [path.join(dir, 'node_modules')];
  if (depth <= 1) return [];
  return fs.readdirSync(full).flatMap((sub) => nestedModules(path.join(dir, sub), depth - 1));
}
