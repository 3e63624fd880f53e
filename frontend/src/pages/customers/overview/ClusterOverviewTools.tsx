import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../../api/clusters';
import { useAppDispatch } from '../../../store';
import { alertAdded } from '../../../ui/uiSlice';
import { clusterExportTable, download, toCsv, toXlsx } from './exportClusters';

/** The cluster overview's filter (all clusters or favourites) and the export of the visible list as CSV and XLSX (§2). */
export function ClusterOverviewTools({ clusters, favouritesOnly, onFavouritesOnly }: { clusters: ClusterSummary[]; favouritesOnly: boolean; onFavouritesOnly: (v: boolean) => void }) {
  const { t } = useTranslation(['customers', 'dashboard']);
  const dispatch = useAppDispatch();
  const stamp = new Date().toISOString().slice(0, 10);
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const table = clusterExportTable(clusters, (k) => runtimeT(t, k));
      if (format === 'csv') download(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }), `clusters-${stamp}.csv`);
      else download(await toXlsx(table, t('dashboard:clusters.title')), `clusters-${stamp}.xlsx`);
    } catch (e) {
      // §8 export error.
      console.error('export failed', e);
      dispatch(alertAdded({ type: 'danger', message: t('overview.exportError') }));
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <ToggleButtonGroup size="small" exclusive value={favouritesOnly ? 'favourites' : 'all'} onChange={(_e, v) => v && onFavouritesOnly(v === 'favourites')} aria-label={t('overview.filter')}>
        <ToggleButton value="all">{t('overview.all')}</ToggleButton>
        <ToggleButton value="favourites">{t('overview.favourites')}</ToggleButton>
      </ToggleButtonGroup>
      <Button size="small" variant="outlined" disabled={!clusters.length} onClick={() => void exportAs('csv')}>
        {t('overview.exportCsv')}
      </Button>
      <Button size="small" variant="outlined" disabled={!clusters.length} onClick={() => void exportAs('xlsx')}>
        {t('overview.exportXlsx')}
      </Button>
    </Box>
  );
}
