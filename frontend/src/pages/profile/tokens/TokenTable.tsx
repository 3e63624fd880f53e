import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonalAccessToken } from '../../../api/tokens';
import { isoDay } from './tokenForm';
import { usePaginationLabels } from '../../../ui/paginationLabels';
import type tokens from '../../../i18n/locales/de/tokens.json';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

export type TokenSortField = 'id' | 'name' | 'expiresAt' | 'lastUsedAt';
export interface TokenSort {
  field: TokenSortField | null;
  direction: 'asc' | 'desc';
}
export const pageSizes = [10, 25, 50];

const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: 1, width: 1, margin: -1, overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap' } as const;

/** The restriction of a token in words (§3): full access, or its clusters and areas. */
export function restrictionLabels(token: PersonalAccessToken, t: (key: `restriction.${keyof typeof tokens.restriction}`, o?: { number: string }) => string): string[] {
  if (token.abilities.includes('*')) return [t('restriction.full')];
  const labels: string[] = [];
  if (token.abilities.includes('clusters:*')) labels.push(t('restriction.allClusters'));
  for (const c of token.clusters) labels.push(t('restriction.cluster', { number: c.number }));
  if (token.abilities.includes('profile')) labels.push(t('restriction.profile'));
  if (token.abilities.includes('accounting')) labels.push(t('restriction.accounting'));
  return labels;
}

function RowMenu({ token, onDelete }: { token: PersonalAccessToken; onDelete: (token: PersonalAccessToken) => void }) {
  const { t } = useTranslation('tokens');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton size="small" aria-label={t('table.actionsFor', { name: token.name })} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDelete(token);
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

/** §2 token table: id with masked suffix, name, restriction, expiry or unlimited, last use or a dash, row menu. Sorted and paged by the server. */
export function TokenTable({
  tokens,
  total,
  sort,
  onSort,
  page,
  onPage,
  pageSize,
  onPageSize,
  onDelete,
}: {
  tokens: PersonalAccessToken[];
  total: number;
  sort: TokenSort;
  onSort: (sort: TokenSort) => void;
  page: number;
  onPage: (page: number) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  onDelete: (token: PersonalAccessToken) => void;
}) {
  const { t, i18n } = useTranslation('tokens');
  const paginationLabels = usePaginationLabels();
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const moment = new Intl.DateTimeFormat(locale, { timeZone: userTimeZone(), dateStyle: 'medium', timeStyle: 'short' });
  const today = isoDay(new Date());
  const header = (field: TokenSortField) => (
    <TableCell sortDirection={sort.field === field ? sort.direction : false} sx={{ whiteSpace: 'nowrap' }}>
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
              {header('id')}
              {header('name')}
              <TableCell>{t('table.restriction')}</TableCell>
              {header('expiresAt')}
              {header('lastUsedAt')}
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('table.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {tokens.map((token) => {
              const expired = !!token.expiresAt && token.expiresAt < today;
              return (
                <TableRow key={token.id} hover data-token={token.id}>
                  <TableCell sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', whiteSpace: 'nowrap' }}>
                    {token.id}|••••••••
                  </TableCell>
                  <TableCell sx={{ fontWeight: 500 }}>{token.name}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {restrictionLabels(token, t).map((label) => (
                        <Chip key={label} size="small" variant="outlined" label={label} color={token.abilities.includes('*') ? 'warning' : 'default'} />
                      ))}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {token.expiresAt ? day.format(new Date(`${token.expiresAt}T00:00:00Z`)) : t('table.unlimited')}
                    {expired && <Chip size="small" color="error" label={t('table.expired')} sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{token.lastUsedAt ? moment.format(new Date(token.lastUsedAt)) : t('table.never')}</TableCell>
                  <TableCell align="right">
                    <RowMenu token={token} onDelete={onDelete} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...paginationLabels}
        component="div"
        count={total}
        page={page}
        onPageChange={(_, p) => onPage(p)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
      />
    </>
  );
}
