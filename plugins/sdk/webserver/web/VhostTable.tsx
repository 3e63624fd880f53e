import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ErrorLogIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import AccessLogIcon from '@mui/icons-material/ReceiptLongOutlined';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useWebServer, useFamilyT, type FamilyT } from './context.tsx';
import { Link as RouterLink } from 'react-router';
import { webRoot } from '../shared/index.ts';
import type { Vhost } from './model.ts';
import { WriteIconButton } from '../../web/index.tsx';

/** "PHP 8.3", "Upstream 127.0.0.1:8080", "Static files". */
export const backendLabel = (v: Pick<Vhost, 'backend' | 'phpVersion' | 'upstream'>, t: FamilyT) =>
  v.backend === 'php'
    ? t('backend.phpVersion', { version: v.phpVersion })
    : v.backend === 'upstream'
      ? t('backend.upstreamTo', { upstream: v.upstream })
      : t('backend.static');

export function TlsChip({ vhost }: { vhost: Pick<Vhost, 'tls' | 'certificate'> }) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  if (vhost.tls === 'none')
    return (
      <Typography variant="body2" color="text.secondary">
        {t('tls.none')}
      </Typography>
    );
  const color = vhost.tls === 'installed' ? 'success' : vhost.tls === 'will_generate' ? 'info' : 'warning';
  return (
    <Tooltip title={t(`tls.hint.${vhost.tls}`, { certificate: vhost.certificate })}>
      <Chip size="small" variant="outlined" color={color} label={t(`tls.${vhost.tls}`)} tabIndex={0} />
    </Tooltip>
  );
}

interface Props {
  vhosts: Vhost[];
  /** SPA path of a domain's page (`domains/3`, `domains/3/logs/access`). */
  pathOf: (sub: string) => string;
  onDelete: (vhost: Vhost) => void;
}

/** The domains of a server: names (with their redirects and protected paths), backend and document root, HTTPS, actions. */
export function VhostTable({ vhosts, pathOf, onDelete }: Props) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('vhosts.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('vhosts.columns.names')}</TableCell>
            <TableCell>{t('vhosts.columns.backend')}</TableCell>
            <TableCell>{t('vhosts.columns.tls')}</TableCell>
            <TableCell align="right">{t('vhosts.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {vhosts.map((v) => (
            <TableRow key={v.id} hover data-testid={`${pluginId}-vhost-row`}>
              <TableCell sx={{ minWidth: 200 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {v.serverNames[0]}
                </Typography>
                {v.serverNames.length > 1 && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {v.serverNames.slice(1).join(', ')}
                  </Typography>
                )}
                {(v.redirectCount > 0 || v.authenticationCount > 0) && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {[
                      v.redirectCount && t('vhosts.redirectCount', { count: v.redirectCount }),
                      v.authenticationCount && t('vhosts.authenticationCount', { count: v.authenticationCount }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Typography variant="body2">{backendLabel(v, t)}</Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="p"
                  sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                  title={t('vhosts.columns.documentRoot')}
                >
                  {webRoot}/{v.documentRoot}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <TlsChip vhost={v} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title={t('vhosts.actions.accessLog')}>
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={pathOf(`domains/${v.id}/logs/access`)}
                      aria-label={t('vhosts.actions.accessLogOf', { name: v.serverNames[0] })}
                    >
                      <AccessLogIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('vhosts.actions.errorLog')}>
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={pathOf(`domains/${v.id}/logs/error`)}
                      aria-label={t('vhosts.actions.errorLogOf', { name: v.serverNames[0] })}
                    >
                      <ErrorLogIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('vhosts.actions.edit')}>
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={pathOf(`domains/${v.id}`)}
                      aria-label={t('vhosts.actions.editOf', { name: v.serverNames[0] })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('vhosts.actions.delete')}>
                    <WriteIconButton
                      size="small"
                      color="error"
                      onClick={() => onDelete(v)}
                      aria-label={t('vhosts.actions.deleteOf', { name: v.serverNames[0] })}
                    >
                      <DeleteIcon fontSize="small" />
                    </WriteIconButton>
                  </Tooltip>
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
