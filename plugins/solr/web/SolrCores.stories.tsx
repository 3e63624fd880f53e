import type { Meta, StoryObj } from '@storybook/react-vite';
import { PanelSection, SearchClusterView } from '@portal/plugin-sdk/web';
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import fixtures from '../server/__fixtures__/solr-9.9.json' with { type: 'json' };

/** The cores as the recorded Solr 9.9 reports them (one failed to load: red), and a Solr that does not answer. */
const status = fixtures['GET /solr/admin/cores'].body.status;
const meta = {
  title: 'Plugins/solr/Cores',
  component: SearchClusterView,
  decorators: [(Story) => <PanelSection id="solr-cluster-title" title="Cluster">{Story()}</PanelSection>, storyHostFor('solr', { de, en })],
  args: {
    engine: 'Solr',
    kind: 'cores',
    cluster: {
      reachable: true,
      version: fixtures['GET /solr/admin/info/system'].body.lucene['solr-spec-version'],
      clusterName: 'standalone',
      status: 'red',
      nodes: 1,
      indices: [
        ...Object.values(status).map((c) => ({ name: c.name, health: 'green' as const, status: 'open' as const, documents: c.index.numDocs, sizeBytes: c.index.sizeInBytes, primaries: 1, replicas: 0 })),
        { name: 'shop_fr', health: 'red', status: 'open', documents: 0, sizeBytes: 0, primaries: 1, replicas: 0 },
      ],
      plugins: ['extraction', 'langid'],
      missingPlugins: [],
      snapshotRepository: null,
    },
  },
} satisfies Meta<typeof SearchClusterView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FailedCore: Story = {};
export const NotReachable: Story = { args: { cluster: { reachable: false } } };
