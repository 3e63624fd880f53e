/**
 * The settings of __id__ → its configuration file. Pure: the same settings give the same file, so the
 * files panel shows exactly what an apply would write. Every value has passed the contract's limits
 * (no line breaks; strings only from their pattern or enum), so none can change the file's structure.
 */
import type { ConfigFile, ConfigRenderInput } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const configPath = '__configPath__';

export function render(s: Settings, _c?: Pick<ConfigRenderInput<undefined>, 'server'>): ConfigFile[] {
  const lines = [
    '# Written by the customer portal (Managed Center, __Title__). Changes here are overwritten.',
    `bind ${s.bindAddress}`,
    `protected-mode ${s.protectedMode ? 'yes' : 'no'}`,
    `maxclients ${s.maxClients}`,
    `timeout ${s.timeoutSeconds}`,
    `loglevel ${s.logLevel}`,
  ];
  return [{ path: configPath, content: `${lines.join('\n')}\n`, mode: 0o644 }];
}
