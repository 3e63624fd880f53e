/**
 * `memcached` as this plugin runs it: its file (`render`: settings → `/etc/portal/memcached.conf`, pure — the same
 * settings give the same file, so the files panel shows exactly what an apply would write) and the program
 * descriptor (`@portal/plugin-sdk/program`) — the path the plugin owns, how the file is checked before it
 * is used and how the service takes it on a real server (`systemctl reload memcached`). Every value has
 * passed the contract's limits (no line breaks; strings only from their pattern or enum), so none can change
 * the file's structure. Type imports only: the generator loads this file to read the paths.
 */
import { definePrograms } from '@portal/plugin-sdk/program';
import type { ConfigFile, ConfigRenderInput, FileCheck } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const configPath = '/etc/portal/memcached.conf';

export function render(s: Settings, _c?: Pick<ConfigRenderInput<undefined>, 'server'>): ConfigFile[] {
  const lines = [
    '# Written by the customer portal (Managed Center, Memcached). Changes here are overwritten.',
    `bind ${s.bindAddress}`,
    `protected-mode ${s.protectedMode ? 'yes' : 'no'}`,
    `maxclients ${s.maxClients}`,
    `timeout ${s.timeoutSeconds}`,
    `loglevel ${s.logLevel}`,
  ];
  return [{ path: configPath, content: `${lines.join('\n')}\n`, mode: 0o644 }];
}

/**
 * The check of each file before it is used (exit 0 passes; a tool that is not installed: skipped; no file,
 * e.g. after undoing the first change: passed). This one runs on every server: awk refuses any line that is
 * neither a comment nor `<key> <value>` — the format `render` writes. When `render` writes the service's own
 * format, let the service check it — one line, e.g. varnish `{ tool: 'varnishd', args: (file) => ['-C', '-f', file] }`,
 * haproxy `{ tool: 'haproxy', args: (file) => ['-c', '-f', file] }`, apache `{ tool: 'apachectl', args: (file) =>
 * ['-t', '-f', file] }` (redis and memcached have no check mode: keep this one).
 */
export const check: FileCheck = {
  tool: 'awk',
  args: (file) => ['!/^(#.*|[a-z][a-z0-9-]* [^ ].*)?$/ { print FILENAME ":" FNR ": " $0; bad = 1 } END { exit bad }', file],
};

export default definePrograms([
  {
    id: 'memcached',
    paths: [configPath],
    privileged: true,
    // Loaded when it runs: the generator reads this file for the paths alone.
    validate: async (gateway, files) => (await import('@portal/plugin-sdk/server')).checkEachFile(gateway, files, check),
    service: { unit: 'memcached', reload: 'reload' },
  },
]);
