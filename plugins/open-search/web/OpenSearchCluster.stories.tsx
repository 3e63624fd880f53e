import type { Meta, StoryObj } from '@storybook/react-vite';
import { PanelSection, SearchClusterView } from '@portal/plugin-sdk/web';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import fixtures from '../server/__fixtures__/opensearch-2.19.json' with { type: 'json' };

/** The cluster panel as it shows the recorded OpenSearch 2.19 (yellow: a replica not allocated), and one that does not answer. */
const meta = {
  title: 'Plugins/open-search/Cluster',
  component: SearchClusterView,
  decorators: [(Story) => <PanelSection id="open-search-cluster-title" title="Cluster">{Story()}</PanelSection>, storyHostFor('open-search', { de, en })],
  args: {
    engine: 'OpenSearch',
    cluster: {
      reachable: true,
      version: fixtures['GET /'].body.version.number,
      clusterName: 'shop',
      status: 'yellow',
      nodes: 1,
      indices: fixtures['GET /_cat/indices'].body.map((i) => ({
        name: i.index,
        health: i.health as 'green' | 'yellow',
        status: 'open' as const,
        documents: Number(i['docs.count']),
        sizeBytes: Number(i['store.size']),
        primaries: Number(i.pri),
        replicas: Number(i.rep),
      })),
      plugins: fixtures['GET /_cat/plugins'].body.map((p) => p.component),
      missingPlugins: [],
      snapshotRepository: null,
    },
  },
} satisfies Meta<typeof SearchClusterView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Yellow: Story = {};
export const NotReachable: Story = { args: { cluster: { reachable: false } } };
