import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClusterSummary } from '../../api/clusters';
import { ServerMenu } from '../../managed/ServerMenu';
import { FavouriteButton } from '../customers/overview/FavouriteButton';
import { clusterRoleKey } from '../customers/overview/exportClusters';
import { TwoFactorRequirementSwitch } from '../customers/overview/TwoFactorRequirementSwitch';
import type { ClusterColumn } from './columnSettings';

/** The header of each column (also the column menu's labels). */
export function useClusterColumnLabels(): (c: ClusterColumn) => string {
  const { t } = useTranslation(['dashboard', 'customers', 'managed']);
  const labels: Record<ClusterColumn, string> = {
    favourite: t('customers:overview.favourite'),
    number: t('clusters.number'),
    name: t('clusters.name'),
    customer: t('clusters.customer'),
    architecture: t('clusters.architecture'),
    sla: t('clusters.sla'),
    mode: t('clusters.mode'),
    servers: t('clusters.servers'),
    role: t('clusters.role'),
    twoFactor: t('customers:twoFactor.column'),
    documents: t('customers:clusterDocuments.column'),
    managed: t('managed:title'),
  };
  return (c) => labels[c];
}

/**
 * The clusters a user can see: favourite, number, name, customer, architecture, managed service,
 * contract mode, servers, role, 2FA requirement, documents and the Managed Center; `hidden` columns
 * (the column menu, kept in the browser) are left out.
 */
export function ClusterTable({
  clusters,
  onEdit,
  onDocuments,
  hidden = [],
}: {
  clusters: ClusterSummary[];
  onEdit?: (cluster: ClusterSummary) => void;
  onDocuments?: (cluster: ClusterSummary) => void;
  hidden?: readonly ClusterColumn[];
}) {
  const { t } = useTranslation(['dashboard', 'customers', 'managed']);
  const labelOf = useClusterColumnLabels();
  const columns: { id: ClusterColumn; align?: 'right'; padding?: 'checkbox'; cell: (c: ClusterSummary) => ReactNode }[] = [
    { id: 'favourite', padding: 'checkbox', cell: (c) => <FavouriteButton cluster={c} /> },
    { id: 'number', cell: (c) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{c.number}</span> },
    {
      id: 'name',
      cell: (c) => (
        <>
          <span style={{ fontWeight: 500 }}>{c.name}</span>
          {onEdit && (
            <IconButton size="small" aria-label={t('customers:overview.edit', { name: c.name })} title={t('customers:overview.edit', { name: c.name })} onClick={() => onEdit(c)} sx={{ ml: 0.5 }}>
              <EditOutlined fontSize="inherit" />
            </IconButton>
          )}
          {c.description && (
            <Typography variant="body2" color="text.secondary">
              {c.description}
            </Typography>
          )}
        </>
      ),
    },
    { id: 'customer', cell: (c) => `${c.customer.company} (${c.customer.number})` },
    { id: 'architecture', cell: (c) => t(`architecture.${c.architecture}`) },
    { id: 'sla', cell: (c) => t(`sla.${c.sla}`) },
    {
      id: 'mode',
      cell: (c) => <Chip size="small" label={t(`mode.${c.contractMode}`)} color={c.contractMode === 'production' ? 'success' : 'warning'} variant="outlined" />,
    },
    { id: 'servers', align: 'right', cell: (c) => c.serverCount },
    { id: 'role', cell: (c) => t(`role.${clusterRoleKey(c)}`) },
    { id: 'twoFactor', cell: (c) => <TwoFactorRequirementSwitch cluster={c} /> },
    {
      id: 'documents',
      cell: (c) =>
        onDocuments && (
          <IconButton size="small" aria-label={t('customers:clusterDocuments.open', { name: c.name })} title={t('customers:clusterDocuments.open', { name: c.name })} onClick={() => onDocuments(c)}>
            <DescriptionOutlined fontSize="small" />
          </IconButton>
        ),
    },
    {
      id: 'managed',
      // Only administrators of the cluster may open its Managed Center (§4); the others are told why instead of
      // being offered a menu that ends on "not allowed" (issue 31, finding 5).
      cell: (c) =>
        c.administrator ? (
          <ServerMenu clusterId={c.id} clusterNumber={c.number} />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="managed-not-administrator" sx={{ minWidth: 120 }}>
            {t('managed:open.notAdministrator')}
          </Typography>
        ),
    },
  ];
  const shown = columns.filter((col) => !hidden.includes(col.id));
  return (
    <TableContainer>
      {/* Twelve columns: with MUI's 16 px on each side of every cell the table was 1,308 px wide in the 1,284 px of a
          1366 px laptop and cut off the Managed Center column (issue 31, finding 10); 8 px below 1536 px fits it. */}
      <Table size="small" aria-label={t('clusters.title')} sx={{ '& th:not(.MuiTableCell-paddingCheckbox), & td:not(.MuiTableCell-paddingCheckbox)': { px: { xs: 1, xl: 2 } } }}>
        <TableHead>
          <TableRow>
            {shown.map((col) => (
              <TableCell key={col.id} align={col.align} padding={col.padding} data-column={col.id}>
                {labelOf(col.id)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {clusters.map((c) => (
            <TableRow key={c.id} hover data-cluster={c.number}>
              {shown.map((col) => (
                <TableCell key={col.id} align={col.align} padding={col.padding}>
                  {col.cell(c)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
