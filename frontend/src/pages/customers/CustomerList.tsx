import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CustomerSummary } from '../../api/customers';
import { sortCustomers, type CustomerSort } from './customerData';

const columns: CustomerSort['by'][] = ['number', 'company', 'city', 'clusterCount'];

/** §2 "sort customers": the customers the user manages, sortable by every column; a row links to its dashboard view. */
export function CustomerList({ customers, currentId }: { customers: CustomerSummary[]; currentId?: number }) {
  const { t, i18n } = useTranslation('customers');
  const [sort, setSort] = useState<CustomerSort>({ by: 'number', direction: 'asc' });
  const rows = useMemo(() => sortCustomers(customers, sort, i18n.language), [customers, sort, i18n.language]);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sortDirection={sort.by === c ? sort.direction : false} align={c === 'clusterCount' ? 'right' : 'left'}>
                <TableSortLabel
                  active={sort.by === c}
                  direction={sort.by === c ? sort.direction : 'asc'}
                  onClick={() => setSort((s) => ({ by: c, direction: s.by === c && s.direction === 'asc' ? 'desc' : 'asc' }))}
                >
                  {t(`list.${c}`)}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((c) => (
            <TableRow key={c.id} selected={c.id === currentId} data-testid={`customer-${c.number}`}>
              <TableCell>
                <Link component={RouterLink} to={`/customers/${c.id}/edit`} aria-current={c.id === currentId ? 'page' : undefined}>
                  {c.number}
                </Link>
              </TableCell>
              <TableCell>{c.company}</TableCell>
              <TableCell>{c.city}</TableCell>
              <TableCell align="right">{c.clusterCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
