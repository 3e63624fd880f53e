import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ServiceState } from './model.ts';
import { formatClock } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

export const serviceStates = ['running', 'stopped', 'not_installed', 'unknown'] as const;
const color = { running: 'success', stopped: 'error', not_installed: 'default', unknown: 'default' } as const;

export interface ServiceListProps {
  services?: ServiceState[];
  checkedAt?: string;
  loading?: boolean;
  failed?: boolean;
  refreshing?: boolean;
  onRefresh?: () => void;
}

/** The server's services and what its gateway knows about their state. */
export function ServiceList({ services, checkedAt, loading, failed, refreshing, onRefresh }: ServiceListProps) {
  const { t, i18n } = useT();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="monitoring-services" sx={{ p: 2 }} data-testid="service-list">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h2" id="monitoring-services" sx={{ fontSize: '1.25rem', fontWeight: 600, flexGrow: 1 }}>
          {t('services.title')}
        </Typography>
        {checkedAt && (
          <Typography variant="body2" color="text.secondary">
            {t('services.checkedAt', { time: formatClock(checkedAt, i18n.language) })}
          </Typography>
        )}
        {onRefresh && (
          <Tooltip title={t('services.refresh')}>
            <span>
              <IconButton onClick={onRefresh} disabled={refreshing} aria-label={t('services.refresh')} size="small">
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Box>
      {loading && (
        <Box aria-busy="true" role="status" aria-label={t('services.loading')} sx={{ display: 'grid', gap: 1, mt: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={40} />
          ))}
        </Box>
      )}
      {failed && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            onRefresh && (
              <Button color="inherit" size="small" onClick={onRefresh}>
                {t('retry')}
              </Button>
            )
          }
        >
          {t('services.failed')}
        </Alert>
      )}
      {services && services.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('services.none')}
        </Typography>
      )}
      {services && services.length > 0 && (
        <List dense disablePadding>
          {services.map((s) => (
            <ListItem key={s.id} divider disableGutters data-testid="service" data-service={s.id} data-state={s.state}>
              <ListItemText
                primary={
                  <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.95rem' }}>
                    {s.id}
                  </Box>
                }
                secondary={
                  s.endpoint
                    ? t('services.endpoint', { host: s.endpoint.host, port: s.endpoint.port })
                    : s.state === 'unknown'
                      ? t('services.unknownHint')
                      : s.detail
                }
              />
              <Chip
                size="small"
                color={color[s.state]}
                variant={s.state === 'running' || s.state === 'stopped' ? 'filled' : 'outlined'}
                label={t(`services.state.${s.state}`)}
                sx={{ ml: 1 }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
