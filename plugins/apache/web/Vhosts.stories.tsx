import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost, storyRequests } from '@portal/plugin-sdk/web/story';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import i18next from 'i18next';
import { apacheApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
// The web server family's texts, under apache's own (the generated registry merges them the same way for the portal).
import familyDe from '../../sdk/webserver/i18n/de.json' with { type: 'json' };
import familyEn from '../../sdk/webserver/i18n/en.json' with { type: 'json' };
import { pages } from './index.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-20T09:30:00.000Z';
const vhost = (over: Partial<Schemas['ApacheVhost']>): Schemas['ApacheVhost'] => ({
  id: 1,
  serverNames: ['b2b.mueller-schmidt-shop.example'],
  documentRoot: 'b2b/public',
  backend: 'php',
  phpVersion: '8.2',
  upstream: null,
  certificate: 'mueller-schmidt-shop-2026',
  tls: 'installed',
  directives: [{ name: 'Header', value: 'X-Frame-Options SAMEORIGIN' }],
  redirectCount: 1,
  authenticationCount: 1,
  createdAt: at,
  updatedAt: at,
  ...over,
});
const vhosts = [
  vhost({}),
  vhost({
    id: 2,
    serverNames: ['downloads.mueller-schmidt.example'],
    documentRoot: 'downloads',
    backend: 'static',
    phpVersion: null,
    certificate: null,
    tls: 'none',
    directives: [],
    redirectCount: 0,
    authenticationCount: 0,
  }),
  vhost({
    id: 3,
    serverNames: ['api.mueller-schmidt-shop.example'],
    documentRoot: 'api/public',
    backend: 'upstream',
    phpVersion: null,
    upstream: '127.0.0.1:8080',
    tls: 'will_generate',
    directives: [],
    redirectCount: 0,
    authenticationCount: 0,
  }),
];
const status = (over: Partial<Schemas['ApacheStatus']> = {}): Schemas['ApacheStatus'] => ({
  pending: false,
  changedFiles: 0,
  lastApplied: { version: 4, appliedAt: at },
  service: { state: 'running', endpoint: null },
  tools: { apache: true, openssl: true },
  counts: { vhosts: vhosts.length, redirects: 1, authentications: 1 },
  ...over,
});

/** apache's texts as the portal loads them: the family's defaults, apache's own on top. */
const apacheTexts: Decorator = (Story) => {
  for (const [lang, family, own] of [
    ['de', familyDe, de],
    ['en', familyEn, en],
  ] as const) {
    i18next.addResourceBundle(lang, 'apache', family, true, true);
    i18next.addResourceBundle(lang, 'apache', own, true, true);
  }
  return <Story />;
};

/** apache's start page (the web server family's domains page with apache's operations): the sites with backend, HTTPS state and counts. */
const meta: Meta<typeof pages.Vhosts> = {
  title: 'Plugins/apache/Domains',
  component: pages.Vhosts,
  decorators: [apacheTexts],
};
export default meta;
type Story = StoryObj<typeof pages.Vhosts>;

const withData = (list: Schemas['ApacheVhost'][], s: Schemas['ApacheStatus']): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="apache"
      translations={{ de, en }}
      host={{ server: { ...demoHost.server, services: ['apache', 'php-fpm', 'monitoring'] } }}
      prepare={(store) => {
        void store.dispatch(apacheApi.util.upsertQueryData('listApacheVhosts', args, { data: list }));
        void store.dispatch(apacheApi.util.upsertQueryData('getApacheStatus', args, s));
      }}
    >
      <pages.Vhosts />
    </ManagedStoryHost>
  ),
});
const answering = (mode: 'loading' | 'failing'): Story => ({
  beforeEach: storyRequests(mode),
  render: () => (
    <ManagedStoryHost pluginId="apache" translations={{ de, en }}>
      <pages.Vhosts />
    </ManagedStoryHost>
  ),
});

export const Domains = withData(vhosts, status());
export const ChangesNotApplied = withData(vhosts, status({ pending: true, changedFiles: 2 }));
export const Empty = withData([], status({ counts: { vhosts: 0, redirects: 0, authentications: 0 } }));
export const Loading = answering('loading');
export const LoadFailed = answering('failing');
