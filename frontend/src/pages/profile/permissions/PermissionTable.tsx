import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortRows, type PermissionRow, type Sort, type SortField } from './permissionRows';
import { usePaginationLabels } from '../../../ui/paginationLabels';

export const pageSizes = [10, 25, 50];

/** Read by screen readers, not shown. */
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', width: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap' } as const;

function RowMenu({ row, onDelete }: { row: PermissionRow; onDelete: (row: PermissionRow) => void }) {
  const { t } = useTranslation('permissions');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = row.cluster ? t('table.actionsFor', { name: `${row.cluster.number} ${row.cluster.name}` }) : t('table.actionsFor', { name: row.customer.company });
  return (
    <>
      <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDelete(row);
          }}
        >
          <ListItemIcon>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('table.delete')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/** §2 permissions table: cluster, customer, role and a row menu with Delete; sortable and paginated. */
export function PermissionTable({
  rows,
  sort,
  onSort,
  page,
  onPage,
  pageSize,
  onPageSize,
  onDelete,
}: {
  rows: PermissionRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  onDelete: (row: PermissionRow) => void;
}) {
  const { t } = useTranslation('permissions');
  const paginationLabels = usePaginationLabels();
  const sorted = sortRows(rows, sort);
  const visible = sorted.slice(page * pageSize, page * pageSize + pageSize);
  const header = (field: SortField) => (
    <TableCell sortDirection={sort.field === field ? sort.direction : false}>
      <TableSortLabel
        active={sort.field === field}
        direction={sort.field === field ? sort.direction : 'asc'}
        onClick={() => onSort({ field, direction: sort.field === field && sort.direction === 'asc' ? 'desc' : 'asc' })}
      >
        {t(`table.${field}`)}
      </TableSortLabel>
    </TableCell>
  );
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('title')}>
          <TableHead>
            <TableRow>
              {header('cluster')}
              {header('customer')}
              {header('role')}
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('table.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={row.key} hover data-permission={row.key}>
                <TableCell>
                  {row.cluster ? (
                    <>
                      <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', mr: 1 }}>
                        {row.cluster.number}
                      </Typography>
                      <Typography component="span" sx={{ fontWeight: 500 }}>
                        {row.cluster.name}
                      </Typography>
                    </>
                  ) : (
                    <Typography component="span" color="text.secondary">
                      {t('table.allClusters')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  {row.customer.company} ({row.customer.number})
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={row.role === 'manager' ? 'primary' : 'default'} label={t(`role.${row.role}`)} />
                  {!row.active && <Chip size="small" variant="outlined" color="warning" label={t('role.inactive')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell align="right" sx={{ width: 56 }}>
                  <RowMenu row={row} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...paginationLabels}
        component="div"
        count={rows.length}
        page={page}
        onPageChange={(_, p) => onPage(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
      />
    </>
  );
}
