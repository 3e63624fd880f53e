import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useListAdministratedContractsQuery,
  useListManagedCustomersQuery,
  useRevokeAdministratedContractMutation,
  useRevokeManagedCustomerMutation,
} from '../../../api/permissions';
import { useGetMeQuery } from '../../../api/session';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { useAppDispatch } from '../../../store';
import { callFailed, notifySuccess } from '../../../ui/notify';
import { filterRows, initialSort, toRows, type PermissionRow, type Sort } from './permissionRows';
import { PermissionTable, pageSizes } from './PermissionTable';
import { RevokePermissionDialog } from './RevokePermissionDialog';

/**
 * My data → permissions (§2): the customers the user manages and the clusters they administrate, both
 * loaded in parallel (§7), in one searchable, sortable, paginated table; each can be given up (§6).
 */
export default function PermissionsPage() {
  const { t } = useTranslation('permissions');
  useDocumentTitle(t('title'));
  const dispatch = useAppDispatch();
  const { data: me } = useGetMeQuery();
  const customers = useListManagedCustomersQuery();
  const contracts = useListAdministratedContractsQuery();
  const [revokeCustomer, customerState] = useRevokeManagedCustomerMutation();
  const [revokeContract, contractState] = useRevokeAdministratedContractMutation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>(initialSort);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [confirming, setConfirming] = useState<PermissionRow | null>(null);

  const rows = useMemo(() => toRows(customers.data ?? [], contracts.data ?? []), [customers.data, contracts.data]);
  const filtered = useMemo(() => filterRows(rows, search, (role) => t(`role.${role}`)), [rows, search, t]);
  const loading = customers.isLoading || contracts.isLoading;
  const failed = customers.isError || contracts.isError;

  const revoke = async (row: PermissionRow) => {
    if (!me) return;
    const result =
      row.role === 'manager'
        ? await revokeCustomer({ email: me.email, customer_id: row.id })
        : await revokeContract({ email: me.email, contract_id: row.id });
    setConfirming(null);
    if ('error' in result) {
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    dispatch(notifySuccess(row.role === 'manager' ? 'permissions:revoked.customer' : 'permissions:revoked.contract'));
    setPage(0);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
        <Typography variant="h2" component="h1" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        {rows.length > 0 && (
          <TextField
            size="small"
            type="search"
            label={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
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
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('description')}
        </Typography>
        {loading ? (
          <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : failed ? (
          <Alert severity="error">{t('loadError')}</Alert>
        ) : filtered.length > 0 ? (
          <PermissionTable
            rows={filtered}
            sort={sort}
            onSort={setSort}
            page={page}
            onPage={setPage}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            onDelete={setConfirming}
          />
        ) : (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="permissions-empty">
            {search ? t('emptySearch') : t('empty')}
          </Typography>
        )}
      </Paper>
      <RevokePermissionDialog
        row={confirming}
        busy={customerState.isLoading || contractState.isLoading}
        onCancel={() => setConfirming(null)}
        onConfirm={(row) => void revoke(row)}
      />
    </Box>
  );
}
