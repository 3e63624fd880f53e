import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@portal/plugin-sdk/web';
import { formatDate, typeName } from './format.ts';

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
  const { t, i18n } = useTranslation('ssh');
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} data-testid={`ssh-user-${user}`}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ px: 2, pt: 2, pb: 1, alignItems: { sm: 'baseline' } }}>
        <Typography variant="h6" component="h2" id={headingId}>
          {t('list.userHeading', { user })}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="code" sx={{ fontFamily: 'monospace' }}>
          {path}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Chip size="small" label={t('list.keyCount', { count: keys.length })} />
      </Stack>
      {keys.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {t('list.emptyUser', { user })}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '26%' }}>{t('list.columns.label')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('list.columns.type')}</TableCell>
                <TableCell>{t('list.columns.fingerprint')}</TableCell>
                <TableCell sx={{ width: 120 }}>{t('list.columns.added')}</TableCell>
                <TableCell sx={{ width: 112 }} align="right">
                  {t('list.columns.actions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.map((key) => (
                <TableRow key={key.id} data-testid={`ssh-key-${key.id}`}>
                  <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{key.label}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {typeName(key.type)}
                    <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
                      {t('list.bits', { bits: key.bits })}
                    </Typography>
                  </TableCell>
                  <TableCell>
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
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={key.createdAt}>{formatDate(key.createdAt, i18n.language)}</time>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('list.rename', { label: key.label })}>
                      <IconButton aria-label={t('list.rename', { label: key.label })} onClick={() => onRename(key)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('list.delete', { label: key.label })}>
                      <IconButton aria-label={t('list.delete', { label: key.label })} color="error" onClick={() => onDelete(key)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
