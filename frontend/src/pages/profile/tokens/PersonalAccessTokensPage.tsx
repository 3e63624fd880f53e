import AddIcon from '@mui/icons-material/Add';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePersonalAccessTokenMutation, useListPersonalAccessTokensQuery, type PersonalAccessToken } from '../../../api/tokens';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { useAppDispatch } from '../../../store';
import { callFailed } from '../../../ui/notify';
import { alertAdded } from '../../../ui/uiSlice';
import { CreateTokenDialog } from './CreateTokenDialog';
import { TokenCreatedDialog } from './TokenCreatedDialog';
import { pageSizes, TokenTable, type TokenSort } from './TokenTable';

/** The search goes to the server a moment after the user stops typing. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * My data → personal access token (§2): title with add icon and help, description, the discontinued
 * API keys, search (when tokens exist), the sortable paginated table, create, show-once and delete.
 */
export default function PersonalAccessTokensPage() {
  const { t } = useTranslation('tokens');
  useDocumentTitle(t('title'));
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const [sort, setSort] = useState<TokenSort>({ field: null, direction: 'desc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0]);
  const [help, setHelp] = useState<HTMLElement | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PersonalAccessToken | null>(null);
  const [remove, removal] = useDeletePersonalAccessTokenMutation();
  const list = useListPersonalAccessTokensQuery({
    page: page + 1,
    per_page: pageSize,
    ...(query ? { search: query } : {}),
    ...(sort.field ? { sort: sort.field, order: sort.direction } : {}),
  });
  const tokens = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const hasTokens = total > 0 || !!search;

  const confirmDelete = async (token: PersonalAccessToken) => {
    const result = await remove(token.id);
    setDeleting(null);
    if ('error' in result) {
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    dispatch(alertAdded({ type: 'success', message: t('notices.deleted') }));
    if (tokens.length === 1 && page > 0) setPage(page - 1);
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 3 }}>
        <Typography variant="h2" component="h1">
          {t('title')}
        </Typography>
        <Tooltip title={t('create')}>
          <IconButton color="primary" aria-label={t('create')} onClick={() => setCreating(true)}>
            <AddIcon />
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t('help')} onClick={(e) => setHelp(e.currentTarget)} size="small">
          <HelpOutlineIcon fontSize="small" />
        </IconButton>
        <Popover
          open={!!help}
          anchorEl={help}
          onClose={() => setHelp(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 2, maxWidth: 380 } } }}
        >
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('helpText')}
          </Typography>
          <Link href="/api/docs" target="_blank" rel="noopener" variant="body2">
            {t('helpDocs')}
          </Link>
        </Popover>
        <Box sx={{ flexGrow: 1 }} />
        {hasTokens && (
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
        <Alert severity="info" sx={{ mb: 2 }} data-testid="api-keys-discontinued">
          {t('apiKeys')}
        </Alert>
        {list.isLoading ? (
          <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={40} />
            ))}
          </Box>
        ) : list.isError ? (
          <Alert severity="error">{t('loadError')}</Alert>
        ) : tokens.length > 0 ? (
          <TokenTable
            tokens={tokens}
            total={total}
            sort={sort}
            onSort={(s) => {
              setSort(s);
              setPage(0);
            }}
            page={page}
            onPage={setPage}
            pageSize={pageSize}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(0);
            }}
            onDelete={setDeleting}
          />
        ) : (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary" data-testid="tokens-empty" sx={{ mb: search ? 0 : 2 }}>
              {search ? t('emptySearch') : t('empty')}
            </Typography>
            {!search && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {t('create')}
              </Button>
            )}
          </Box>
        )}
      </Paper>

      <CreateTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
          dispatch(alertAdded({ type: 'success', message: t('notices.created') }));
        }}
      />
      <TokenCreatedDialog token={created} onClose={() => setCreated(null)} />
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-token-title" maxWidth="xs" fullWidth>
        <DialogTitle id="delete-token-title">{t('deleteDialog.title', { name: deleting?.name ?? '' })}</DialogTitle>
        <DialogContent>
          <Typography>{t('deleteDialog.text')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('cancel', { ns: 'common' })}</Button>
          <Button color="error" variant="contained" disabled={removal.isLoading} onClick={() => deleting && void confirmDelete(deleting)}>
            {t('deleteDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
