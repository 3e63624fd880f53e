import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { DataTable, formatDate, RowActions, type Column, type ResultOf } from '@portal/plugin-sdk/web';
import { typeName } from './SshKeyForm.tsx';
import { useT } from '../generated/i18n.ts';

export type SshKey = ResultOf<'listSshKeys'>['data'][number];

interface Props {
  user: string;
  path: string;
  keys: readonly SshKey[];
  onRename: (key: SshKey) => void;
  onDelete: (key: SshKey) => void;
  onCopy?: (key: SshKey) => void;
}

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' } as const;

/** The keys of one server user, with type, length and fingerprint. */
export function UserKeys({ user, path, keys, onRename, onDelete, onCopy }: Props) {
  const { t, i18n } = useT();
  const headingId = useId();
  const columns: Column<SshKey>[] = [
    {
      id: 'label',
      label: t('list.columns.label'),
      sortValue: (key) => key.label,
      render: (key) => <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{key.label}</Box>,
    },
    {
      id: 'type',
      label: t('list.columns.type'),
      nowrap: true,
      sortValue: (key) => `${typeName(key.type)} ${String(key.bits).padStart(5, '0')}`,
      render: (key) => (
        <>
          {typeName(key.type)}
          <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
            {t('list.bits', { bits: key.bits })}
          </Typography>
        </>
      ),
    },
    {
      id: 'fingerprint',
      label: t('list.columns.fingerprint'),
      render: (key) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box component="code" sx={mono}>
            {key.fingerprint}
          </Box>
          {onCopy && (
            <Tooltip title={t('list.copyFingerprint', { label: key.label })}>
              <IconButton size="small" aria-label={t('list.copyFingerprint', { label: key.label })} onClick={() => onCopy(key)}>
                <ContentCopyIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ),
    },
    {
      id: 'added',
      label: t('list.columns.added'),
      nowrap: true,
      sortValue: (key) => key.createdAt,
      render: (key) => <time dateTime={key.createdAt}>{formatDate(key.createdAt, i18n.language)}</time>,
    },
    {
      id: 'actions',
      label: t('list.columns.actions'),
      align: 'right',
      nowrap: true,
      render: (key) => (
        <RowActions edit={{ label: t('list.rename', { label: key.label }), onClick: () => onRename(key) }} remove={{ label: t('list.delete', { label: key.label }), onClick: () => onDelete(key) }} />
      ),
    },
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid={`ssh-user-${user}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: 2, pt: 2, pb: 1, alignItems: { sm: 'baseline' } }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {t('list.userHeading', { user })}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="code" sx={{ fontFamily: 'monospace' }}>
          {path}
        </Typography>
        <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
        {/* In the column of a phone, a stretched chip would look like a progress bar. */}
        <Chip size="small" label={t('list.keyCount', { count: keys.length })} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }} />
      </Stack>
      {keys.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('list.emptyUser', { user })}
        </Typography>
      ) : (
        <DataTable
          rows={keys}
          columns={columns}
          rowKey={(key) => key.id}
          caption={t('list.userHeading', { user })}
          size="small"
          minWidth={760}
          rowProps={(key) => ({ 'data-testid': `ssh-key-${key.id}` })}
        />
      )}
    </Paper>
  );
}
