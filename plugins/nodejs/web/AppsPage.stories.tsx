import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost, storyRequests } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { nodejsApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { AppsPage } from './index.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-20T09:30:00.000Z';
const app = (over: Partial<Schemas['NodejsApp']>): Schemas['NodejsApp'] => ({
  id: 1,
  name: 'shop-api',
  nodeVersion: '24',
  script: 'dist/main.mjs',
  port: 4000,
  instances: 2,
  // Names only: the values are never answered.
  environment: 'NODE_ENV\nDATABASE_URL',
  release: '2026-11-20-1',
  previousRelease: '2026-11-18-2',
  createdAt: at,
  updatedAt: at,
  ...over,
});
const apps = [
  app({}),
  app({
    id: 2,
    name: 'preview',
    nodeVersion: '20',
    script: 'server.js',
    port: 4100,
    instances: 1,
    environment: 'NODE_ENV',
    release: '',
    previousRelease: '',
  }),
];
const instance = (over: Partial<Schemas['NodejsProcess']>): Schemas['NodejsProcess'] => ({
  app: 'shop-api',
  process: 'node-shop-api:node-shop-api-0',
  state: 'RUNNING',
  detail: 'pid 51230, uptime 1 day, 2:03:44',
  crashLoop: false,
  ...over,
});
const running: Schemas['NodejsStatus'] = {
  running: true,
  processes: [instance({}), instance({ process: 'node-shop-api:node-shop-api-1', detail: 'pid 51236, uptime 1 day, 2:03:41' })],
};

/** The section's start page: the applications with their releases and logs, the live status of their instances, the reverse-proxy entry. */
const meta: Meta<typeof AppsPage> = {
  title: 'Plugins/nodejs/Applications',
  component: AppsPage,
};
export default meta;
type Story = StoryObj<typeof AppsPage>;

const withData = (list: Schemas['NodejsApp'][], status: Schemas['NodejsStatus']): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="nodejs"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(nodejsApi.util.upsertQueryData('listNodejsApps', args, { data: list, total: list.length }));
        void store.dispatch(nodejsApi.util.upsertQueryData('getNodejsStatus', args, status));
      }}
    >
      <AppsPage />
    </ManagedStoryHost>
  ),
});
const answering = (mode: 'loading' | 'failing'): Story => ({
  beforeEach: storyRequests(mode),
  render: () => (
    <ManagedStoryHost pluginId="nodejs" translations={{ de, en }}>
      <AppsPage />
    </ManagedStoryHost>
  ),
});

export const Applications = withData(apps, running);
export const CrashLoop = withData(apps, {
  running: true,
  processes: [
    instance({ state: 'BACKOFF', detail: 'Exited too quickly (process log may have details)', crashLoop: true }),
    instance({ process: 'node-shop-api:node-shop-api-1', state: 'FATAL', detail: 'Exited too quickly', crashLoop: true }),
  ],
});
export const Empty = withData([], { running: true, processes: [] });
export const Loading = answering('loading');
export const LoadFailed = answering('failing');
