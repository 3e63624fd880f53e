import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListClustersQuery } from '../../api/clusters';
import { useListCustomersQuery } from '../../api/customers';
import { useGetMeQuery } from '../../api/session';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { ManagedCustomersCard } from '../customers/ManagedCustomersCard';
import { ClusterOverviewTools } from '../customers/overview/ClusterOverviewTools';
import type { ClusterSummary } from '../../api/clusters';
import { ClusterTable, useClusterColumnLabels } from './ClusterTable';
import { ColumnMenu } from './ColumnMenu';
import { useHiddenColumns } from './columnSettings';

// The dialogs load when opened, so the dashboard's first paint does not carry them (bundle budget, issue 14).
const EditClusterDialog = lazy(() => import('../customers/overview/EditClusterDialog').then((m) => ({ default: m.EditClusterDialog })));
const ClusterDocumentsDialog = lazy(() =>
  import('../customers/overview/ClusterDocumentsDialog').then((m) => ({ default: m.ClusterDocumentsDialog })),
);

/** The dashboard (§2 `/`): the clusters the signed-in user can see. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  useDocumentTitle(t('title'));
  const { data: me } = useGetMeQuery();
  const [search, setSearch] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [editing, setEditing] = useState<ClusterSummary | null>(null);
  const [documentsOf, setDocumentsOf] = useState<ClusterSummary | null>(null);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns();
  const columnLabel = useClusterColumnLabels();
  const deferred = useDeferredValue(search.trim());
  const customers = useListCustomersQuery();
  const { data, isLoading, isFetching, isError } = useListClustersQuery({
    per_page: 100,
    ...(deferred ? { search: deferred } : {}),
    ...(favouritesOnly ? { favourites: 1 as const } : {}),
  });
  return (
    <Box>
      <Typography variant="h1" gutterBottom>
        {me ? t('greeting', { name: `${me.firstname} ${me.surname}` }) : t('title')}
      </Typography>
      {/* Until both lists are there, one placeholder stands for both cards: the customers card would otherwise
          appear above the clusters and push them down (layout shift, issue 14). */}
      {isLoading || customers.isLoading ? (
        <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })} data-testid="dashboard-loading">
          <Skeleton variant="rounded" height={56} sx={{ mb: 3 }} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={48} />
          ))}
        </Box>
      ) : (
        <>
          <ManagedCustomersCard data={customers.data} />
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
              <Typography variant="h2" sx={{ flexGrow: 1 }}>
                {t('clusters.title')}
                {data && (
                  <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: '1rem' }}>
                    {t('clusters.count', { count: data.meta.total })}
                  </Typography>
                )}
              </Typography>
              <ClusterOverviewTools clusters={data?.data ?? []} favouritesOnly={favouritesOnly} onFavouritesOnly={setFavouritesOnly} />
              <ColumnMenu hidden={hiddenColumns} onChange={setHiddenColumns} labelOf={columnLabel} />
              {(search || favouritesOnly || (data?.meta.total ?? 0) > 0) && (
                <TextField
                  size="small"
                  type="search"
                  label={t('clusters.search')}
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  slotProps={{
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              )}
            </Box>
            {isError ? (
              <Alert severity="error">{t('clusters.error')}</Alert>
            ) : data && data.data.length > 0 ? (
              <Box sx={{ opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
                <ClusterTable clusters={data.data} onEdit={setEditing} onDocuments={setDocumentsOf} hidden={hiddenColumns} />
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="clusters-empty">
                {search || favouritesOnly ? t('clusters.emptySearch') : t('clusters.empty')}
              </Typography>
            )}
          </Paper>
        </>
      )}
      <Suspense fallback={null}>
        {editing && <EditClusterDialog cluster={editing} onClose={() => setEditing(null)} />}
        {documentsOf && <ClusterDocumentsDialog cluster={documentsOf} onClose={() => setDocumentsOf(null)} />}
      </Suspense>
    </Box>
  );
}
