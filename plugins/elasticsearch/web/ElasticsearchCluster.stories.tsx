import type { Meta, StoryObj } from '@storybook/react-vite';
import { PanelSection, SearchClusterView } from '@portal/plugin-sdk/web';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import fixtures from '../server/__fixtures__/elasticsearch-8.19.json' with { type: 'json' };

/** The cluster panel as it shows the recorded engine (a red index, a yellow one), a green cluster, and one that does not answer. */
const indices = fixtures['GET /_cat/indices'].body.map((i) => ({
  name: i.index,
  health: i.health as 'green' | 'yellow' | 'red',
  status: i.status === 'close' ? ('closed' as const) : ('open' as const),
  documents: Number(i['docs.count'] ?? 0),
  sizeBytes: Number(i['store.size'] ?? 0),
  primaries: Number(i.pri),
  replicas: Number(i.rep),
}));

const meta = {
  title: 'Plugins/elasticsearch/Cluster',
  component: SearchClusterView,
  decorators: [(Story) => <PanelSection id="elasticsearch-cluster-title" title="Cluster">{Story()}</PanelSection>, storyHostFor('elasticsearch', { de, en })],
  args: {
    engine: 'Elasticsearch',
    cluster: {
      reachable: true,
      version: '8.19.7',
      clusterName: 'shop',
      status: 'red',
      nodes: 1,
      indices,
      plugins: ['analysis-icu'],
      missingPlugins: ['analysis-phonetic'],
      snapshotRepository: { name: 'portal-backups', location: '/var/backups/portal/elasticsearch-snapshots' },
    },
  },
} satisfies Meta<typeof SearchClusterView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const RedIndex: Story = {};
export const Green: Story = {
  args: {
    cluster: { reachable: true, version: '8.19.7', clusterName: 'shop', status: 'green', nodes: 1, indices: indices.filter((i) => i.health === 'green'), plugins: ['analysis-icu'], missingPlugins: [], snapshotRepository: null },
  },
};
export const NotReachable: Story = { args: { cluster: { reachable: false } } };
