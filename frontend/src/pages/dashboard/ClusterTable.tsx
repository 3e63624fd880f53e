import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../api/clusters';
import { ServerMenu } from '../../managed/ServerMenu';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import { FavouriteButton } from '../customers/overview/FavouriteButton';

/** The clusters a user can see: number, name, customer, architecture, managed service, contract mode, servers, role. */
export function ClusterTable({ clusters, onEdit }: { clusters: ClusterSummary[]; onEdit?: (cluster: ClusterSummary) => void }) {
  const { t } = useTranslation(['dashboard', 'customers']);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('clusters.title')}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">{t('customers:overview.favourite')}</TableCell>
            <TableCell>{t('clusters.number')}</TableCell>
            <TableCell>{t('clusters.name')}</TableCell>
            <TableCell>{t('clusters.customer')}</TableCell>
            <TableCell>{t('clusters.architecture')}</TableCell>
            <TableCell>{t('clusters.sla')}</TableCell>
            <TableCell>{t('clusters.mode')}</TableCell>
            <TableCell align="right">{t('clusters.servers')}</TableCell>
            <TableCell>{t('clusters.role')}</TableCell>
            <TableCell>{t('managed:title')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {clusters.map((c) => (
            <TableRow key={c.id} hover data-cluster={c.number}>
              <TableCell padding="checkbox">
                <FavouriteButton cluster={c} />
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{c.number}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                {c.name}
                {onEdit && (
                  <IconButton size="small" aria-label={t('customers:overview.edit', { name: c.name })} title={t('customers:overview.edit', { name: c.name })} onClick={() => onEdit(c)} sx={{ ml: 0.5 }}>
                    <EditOutlined fontSize="inherit" />
                  </IconButton>
                )}
                {c.description && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 400 }}>
                    {c.description}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                {c.customer.company} ({c.customer.number})
              </TableCell>
              <TableCell>{t(`architecture.${c.architecture}`)}</TableCell>
              <TableCell>{t(`sla.${c.sla}`)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={t(`mode.${c.contractMode}`)}
                  color={c.contractMode === 'production' ? 'success' : 'warning'}
                  variant="outlined"
                />
              </TableCell>
              <TableCell align="right">{c.serverCount}</TableCell>
              <TableCell>{t(`role.${c.role}`)}</TableCell>
              <TableCell>
                <ServerMenu clusterId={c.id} clusterNumber={c.number} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
