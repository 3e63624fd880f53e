import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { packageUpdatesApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { UpdatesPanels } from './index.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const security = { label: 'Debian-Security', version: '12', suite: 'bookworm-security' };
const pending: Schemas['PackageUpdatesPending'][] = [
  { package: 'openssl', installed: '3.0.15-1~deb12u1', candidate: '3.0.17-1~deb12u2', architecture: 'amd64', origins: [security], security: true, conffiles: ['/etc/ssl/openssl.cnf'], services: [] },
  { package: 'tzdata', installed: '2024a-0+deb12u1', candidate: '2025b-0+deb12u1', architecture: 'all', origins: [security], security: true, conffiles: [], services: [] },
  {
    package: 'nginx-common',
    installed: '1.22.1-9',
    candidate: '1.22.1-9+deb12u2',
    architecture: 'all',
    origins: [{ label: 'Debian', version: '12.11', suite: 'bookworm' }],
    security: false,
    conffiles: ['/etc/nginx/nginx.conf', '/etc/nginx/mime.types'],
    services: ['nginx'],
  },
];
const history: Schemas['PackageUpdatesUpgradeSummary'][] = [
  { id: 2, status: 'done', progress: 100, step: null, startedAt: '2026-11-22T02:10:00.000Z', finishedAt: '2026-11-22T02:13:41.000Z', startedBy: 'admin@demo.example', error: null, packages: 14, security: 3 },
  { id: 1, status: 'failed', progress: 40, step: 'installing', startedAt: '2026-11-15T02:05:00.000Z', finishedAt: '2026-11-15T02:06:12.000Z', startedBy: 'admin@demo.example', error: 'unreachable', packages: 0, security: 0 },
];

/** Pending updates (security first, the configuration nginx-common would replace named), "update now", the history. */
const meta: Meta<typeof UpdatesPanels> = {
  title: 'Plugins/package-updates/Updates',
  component: UpdatesPanels,
};
export default meta;
type Story = StoryObj<typeof UpdatesPanels>;

const withData = (updates: Schemas['PackageUpdatesPending'][]): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="package-updates"
      translations={{ de, en }}
      prepare={(store) => {
        const services = [...new Set(updates.flatMap((u) => u.services))];
        void store.dispatch(packageUpdatesApi.util.upsertQueryData('listPendingPackageUpdates', args, { data: updates, services, checkedAt: '2026-11-29T08:00:00.000Z' }));
        void store.dispatch(packageUpdatesApi.util.upsertQueryData('listPackageUpgrades', args, { data: history }));
      }}
    >
      <UpdatesPanels />
    </ManagedStoryHost>
  ),
});

export const Pending = withData(pending);
export const UpToDate = withData([]);
