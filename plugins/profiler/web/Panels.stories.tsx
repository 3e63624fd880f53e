import Stack from '@mui/material/Stack';
import type { ResultOf } from '@portal/plugin-sdk/web';
import { demoHost, ManagedStoryHost, storyRequests } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { profilerApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import type { Profile, Run, Site } from './model.ts';
import { ProfilesPanel, RunPanel, SitesPanel } from './Panels.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-20T09:30:00.000Z';
const sites: Site[] = [
  {
    id: 1,
    host: 'shop.example.com',
    documentRoot: '/var/www/shop/public',
    enabled: true,
    periodMs: 10,
    urlPrefix: '/checkout',
    sampleRatePercent: 5,
    createdAt: at,
    updatedAt: at,
  },
  {
    id: 2,
    host: 'blog.example.com',
    documentRoot: '/var/www/blog',
    enabled: false,
    periodMs: 20,
    urlPrefix: '',
    sampleRatePercent: 100,
    createdAt: at,
    updatedAt: at,
  },
];
const profile = (over: Partial<Profile>): Profile => ({
  id: 'run-3-a1b2c3',
  host: 'shop.example.com',
  uri: '/checkout?step=2',
  method: 'CLI',
  startedAt: '2026-11-20T10:02:11.000Z',
  durationMs: 842.6,
  samples: 84,
  periodMs: 10,
  clock: 'wall',
  config: '5e0c1d2f3a4b',
  configVersion: 7,
  runId: 3,
  ...over,
});
const profiles: ResultOf<'listProfilerProfiles'> = {
  data: [
    profile({}),
    profile({
      id: 'shop-20261120-0958-4f2a1c',
      uri: '/checkout',
      method: 'POST',
      startedAt: '2026-11-20T09:58:40.000Z',
      durationMs: 1310.2,
      samples: 131,
      runId: null,
    }),
    profile({
      id: 'shop-20261120-0951-9be03d',
      uri: '/category/shoes',
      method: 'GET',
      startedAt: '2026-11-20T09:51:02.000Z',
      durationMs: 412.9,
      samples: 41,
      runId: null,
    }),
  ],
  transactions: [
    { host: 'shop.example.com', path: '/checkout', count: 2, maxMs: 1310.2, avgMs: 1076.4, slowest: 'shop-20261120-0958-4f2a1c' },
    { host: 'shop.example.com', path: '/category/shoes', count: 1, maxMs: 412.9, avgMs: 412.9, slowest: 'shop-20261120-0951-9be03d' },
  ],
};
const runs: Run[] = [
  {
    id: 3,
    siteId: 1,
    host: 'shop.example.com',
    script: 'checkout.php',
    uri: '/checkout?step=2',
    status: 'succeeded',
    step: 'done',
    output: 'php exited with 0',
    profileId: 'run-3-a1b2c3',
    createdAt: '2026-11-20T10:02:10.000Z',
    finishedAt: '2026-11-20T10:02:12.000Z',
  },
  {
    id: 2,
    siteId: 1,
    host: 'shop.example.com',
    script: 'cron.php',
    uri: '/',
    status: 'failed',
    step: 'done',
    output: 'PHP Fatal error:  Uncaught Error: Call to undefined function shop_boot() in /var/www/shop/public/cron.php:3',
    profileId: null,
    createdAt: '2026-11-20T09:40:00.000Z',
    finishedAt: '2026-11-20T09:40:01.000Z',
  },
];

/** The section's panels below the settings: the profiled sites, "profile now" with the last runs, the profiles and the slowest transactions. */
const meta: Meta<typeof SitesPanel> = {
  title: 'Plugins/profiler/Sites, runs and profiles',
  component: SitesPanel,
};
export default meta;
type Story = StoryObj<typeof SitesPanel>;

const panels = (
  <Stack spacing={3}>
    <SitesPanel />
    <RunPanel onShow={() => undefined} />
    <ProfilesPanel shown={null} onShow={() => undefined} />
  </Stack>
);
const withData = (s: Site[], r: Run[], p: ResultOf<'listProfilerProfiles'>): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="profiler"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(profilerApi.util.upsertQueryData('listProfilerSites', args, { data: s, total: s.length }));
        void store.dispatch(profilerApi.util.upsertQueryData('listProfilerRuns', args, { data: r }));
        void store.dispatch(profilerApi.util.upsertQueryData('listProfilerProfiles', args, p));
      }}
    >
      {panels}
    </ManagedStoryHost>
  ),
});
const answering = (mode: 'loading' | 'failing'): Story => ({
  beforeEach: storyRequests(mode),
  render: () => (
    <ManagedStoryHost pluginId="profiler" translations={{ de, en }}>
      {panels}
    </ManagedStoryHost>
  ),
});

export const Profiles = withData(sites, runs, profiles);
export const Empty = withData([], [], { data: [], transactions: [] });
export const Loading = answering('loading');
export const LoadFailed = answering('failing');
