import Stack from '@mui/material/Stack';
import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { sphinxApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { IndexesPanel, SourcesPanel } from './Indexes.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const createdAt = '2026-11-20T10:00:00.000Z';
const feed = { host: '', port: 0, database: '', user: '', query: '', createdAt };
const sources: Schemas['SphinxSource'][] = [
  { ...feed, id: 1, name: 'products', type: 'tsvpipe', feed: 'products.tsv', fields: ['title', 'description'] },
  { ...feed, id: 2, name: 'news', type: 'xmlpipe2', feed: 'news.xml', fields: [] },
  {
    id: 3,
    name: 'shop',
    type: 'mysql',
    host: '127.0.0.1',
    port: 3306,
    database: 'shop',
    user: 'sphinx',
    query: 'SELECT id, title, body FROM articles',
    feed: '',
    fields: [],
    createdAt,
  },
];
const tokens = { charsetTable: 'western', morphology: 'stem_en', minWordLen: 2, createdAt } as const;
const indexes: Schemas['SphinxIndex'][] = [
  { ...tokens, id: 1, name: 'live', type: 'rt', source: '', fields: ['title', 'body'], documents: 1_204 },
  { ...tokens, id: 2, name: 'articles', type: 'plain', source: 'shop', fields: [], documents: 48_213 },
  { ...tokens, id: 3, name: 'products', type: 'plain', source: 'products', fields: [], morphology: 'none', documents: null },
];

/** The panels below searchd's settings: the indexes (with their documents and a search to try them) and the sources they are built from. */
const meta: Meta<typeof IndexesPanel> = {
  title: 'Plugins/sphinx/Indexes and sources',
  component: IndexesPanel,
};
export default meta;
type Story = StoryObj<typeof IndexesPanel>;

const withData = (s: Schemas['SphinxSource'][], i: Schemas['SphinxIndex'][]): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="sphinx"
      translations={{ de, en }}
      prepare={(store) => {
        void store.dispatch(sphinxApi.util.upsertQueryData('listSphinxSources', args, { data: s, total: s.length }));
        void store.dispatch(sphinxApi.util.upsertQueryData('listSphinxIndexes', args, { data: i, total: i.length }));
      }}
    >
      <Stack spacing={3}>
        <IndexesPanel />
        <SourcesPanel />
      </Stack>
    </ManagedStoryHost>
  ),
});

export const Indexes = withData(sources, indexes);
export const Empty = withData([], []);
