/**
 * The search engines' cluster panel (Elasticsearch, OpenSearch, Solr — the SDK's search part): health, version,
 * the indices (Solr: cores) with documents, size and health, plugins (Solr: modules) with those the settings
 * require but the engine lacks, and the snapshot repository. The plugin passes its generated query; the view
 * alone is what stories and component tests render.
 */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../kit/DataTable.tsx';
import { PanelSection } from '../kit/PanelSection.tsx';
import { QueryState, type QueryLike } from '../kit/States.tsx';
import { formatBytes, formatCount } from '../stats/format.ts';

type Cluster = Schemas['SearchCluster'];
type Index = Schemas['SearchIndex'];
type Health = Index['health'];

const chipColor = { green: 'success', yellow: 'warning', red: 'error' } as const;

/** A health as a coloured chip with its word (colour is never the only sign). */
export function HealthChip({ health, testId }: { health: Health; testId?: string }) {
  const { t } = useTranslation('sdk');
  return <Chip size="small" color={chipColor[health]} label={t(`search.health.${health}`)} data-testid={testId} data-health={health} />;
}

export interface SearchClusterViewProps {
  cluster: Cluster;
  /** The engine's name in the summary (`Elasticsearch`). */
  engine: string;
  /** Elasticsearch and OpenSearch have indices and plugins, Solr cores and modules. */
  kind?: 'indices' | 'cores';
}

/** The cluster as the engine reports it (or that it does not answer). */
export function SearchClusterView({ cluster, engine, kind = 'indices' }: SearchClusterViewProps) {
  const { t, i18n } = useTranslation('sdk');
  const lang = i18n.language;
  if (!cluster.reachable) return <Typography data-testid="search-cluster-unreachable">{t('search.notReachable')}</Typography>;
  const status = cluster.status ?? 'red';
  const list = (items: readonly string[] | undefined) => (items?.length ? items.join(', ') : t('search.none'));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="search-cluster-summary">
        <Typography>{t('search.summary', { engine, version: cluster.version, cluster: cluster.clusterName, nodes: cluster.nodes })}</Typography>
        <Chip
          size="small"
          color={chipColor[status]}
          label={t('search.healthLabel', { health: t(`search.health.${status}`) })}
          data-testid="search-cluster-health"
          data-health={status}
        />
      </Stack>
      {status !== 'green' && <Alert severity={status === 'red' ? 'error' : 'warning'}>{t(`search.healthHelp.${status}`)}</Alert>}
      <DataTable<Index>
        rows={cluster.indices ?? []}
        rowKey={(i) => i.name}
        caption={t(`search.${kind}`)}
        testId="search-indices"
        empty={t(kind === 'cores' ? 'search.noCores' : 'search.noIndices')}
        columns={[
          { id: 'name', label: t('search.name'), render: (i) => i.name, sortValue: (i) => i.name },
          { id: 'health', label: t('search.healthColumn'), render: (i) => <HealthChip health={i.health} />, sortValue: (i) => ['red', 'yellow', 'green'].indexOf(i.health) },
          { id: 'status', label: t('search.status'), render: (i) => t(`search.statusValue.${i.status}`) },
          { id: 'documents', label: t('search.documents'), render: (i) => formatCount(i.documents, lang), sortValue: (i) => i.documents, align: 'right' },
          { id: 'size', label: t('search.size'), render: (i) => formatBytes(i.sizeBytes, lang), sortValue: (i) => i.sizeBytes, align: 'right', nowrap: true },
          ...(kind === 'indices' ? [{ id: 'shards', label: t('search.shards'), render: (i: Index) => `${i.primaries} / ${i.replicas}`, align: 'right' as const }] : []),
        ]}
      />
      <Typography>{t(kind === 'cores' ? 'search.modules' : 'search.plugins', { list: list(cluster.plugins) })}</Typography>
      {!!cluster.missingPlugins?.length && <Alert severity="warning">{t('search.missingPlugins', { list: list(cluster.missingPlugins) })}</Alert>}
      {kind === 'indices' && (
        <Typography>
          {cluster.snapshotRepository ? t('search.snapshots', { name: cluster.snapshotRepository.name, location: cluster.snapshotRepository.location }) : t('search.noSnapshots')}
        </Typography>
      )}
    </Stack>
  );
}

export interface SearchClusterPanelProps extends Omit<SearchClusterViewProps, 'cluster'> {
  /** The plugin's generated query of its cluster operation (`elasticsearchApi.useGetElasticsearchClusterQuery(args)`). */
  query: QueryLike<Cluster>;
  /** The heading's id (`<plugin>-cluster-title`). */
  id: string;
}

/** The panel below a search engine's settings form. */
export function SearchClusterPanel({ query, id, ...view }: SearchClusterPanelProps) {
  const { t } = useTranslation('sdk');
  return (
    <PanelSection id={id} title={t('search.title')}>
      <QueryState query={query}>{(cluster) => <SearchClusterView cluster={cluster} {...view} />}</QueryState>
    </PanelSection>
  );
}
