/** What the family's stories share: the family's texts and a member (its id, a small directive whitelist). */
import type { Decorator } from '@storybook/react-vite';
import { storyHostFor } from '../../web/storyHost.tsx';
import type { PluginClient } from '../../web/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { DirectiveSpec, DirectiveWhitelist } from '../shared/options.ts';
import { WebServerProvider, type WebServerWebOptions } from './context.tsx';

const specs: Record<string, DirectiveSpec> = {
  client_max_body_size: { pattern: /^[0-9]{1,5}[kKmMgG]?$/, example: '64m' },
  gzip: { pattern: /^(on|off)$/, example: 'on' },
  add_header: { pattern: /^[A-Za-z0-9-]{1,64} [\x20-\x7e]{1,512}$/, repeatable: true, example: 'X-Frame-Options SAMEORIGIN' },
};
const directives: DirectiveWhitelist = { specs, names: Object.keys(specs), valid: (name, value) => !!specs[name]?.pattern.test(value), max: 30 };

export const storyMember: WebServerWebOptions = { pluginId: 'webserver', api: { endpoints: {} }, client: {} as PluginClient, directives, syntax: 'nginx' };

/** The decorators of a family story: the member, then the story host with the family's texts. */
export const webServerStory: Decorator[] = [
  (Story) => (
    <WebServerProvider options={storyMember}>
      <Story />
    </WebServerProvider>
  ),
  storyHostFor('webserver', { de, en }),
];
