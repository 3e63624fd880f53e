/**
 * One server's services: a state badge and the four actions per service (buttons named after service and server).
 * Presentational: the page runs the actions and asks for confirmation (`ClusterControlPage.tsx`).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { DataTable, EmptyState, WriteButton, type ResultOf } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

export type ServiceRow = ResultOf<'listClusterControlServices'>['data'][number];
export type Action = 'start' | 'stop' | 'restart' | 'reload';
export const actions: readonly Action[] = ['start', 'stop', 'restart', 'reload'];
const color = { running: 'success', stopped: 'error', not_installed: 'default', unknown: 'default' } as const;

export interface ServiceTableProps {
  serverName: string;
  services: readonly ServiceRow[];
  /** The service whose action runs now (its buttons are disabled). */
  busy?: string;
  onAction: (service: ServiceRow, action: Action) => void;
}

export function ServiceTable({ serverName, services, busy, onAction }: ServiceTableProps) {
  const { t } = useT();
  if (!services.length) return <EmptyState title={t('servers.noServices')} />;
  return (
    <DataTable
      rows={services}
      rowKey={(s) => s.id}
      caption={t('servers.caption', { server: serverName })}
      testId={`cluster-control-services-${serverName}`}
      pageSize={100}
      rowProps={(s) => ({ 'data-testid': `cluster-control-service-${serverName}-${s.id}`, 'data-state': s.state })}
      columns={[
        {
          id: 'service',
          label: t('columns.service'),
          sortValue: (s) => s.id,
          render: (s) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{s.id}</span>
              {s.database && <Chip size="small" variant="outlined" label={t('database')} />}
            </Stack>
          ),
        },
        {
          id: 'state',
          label: t('columns.state'),
          sortValue: (s) => s.state,
          render: (s) => <Chip size="small" color={color[s.state]} label={t(`state.${s.state}`)} data-testid="state" />,
        },
        {
          id: 'endpoint',
          label: t('columns.endpoint'),
          nowrap: true,
          render: (s) => (s.endpoint ? `${s.endpoint.host}:${s.endpoint.port}` : '—'),
        },
        {
          id: 'actions',
          label: t('columns.actions'),
          hideLabel: true,
          render: (s) => (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {actions.map((a) => (
                <WriteButton
                  key={a}
                  size="small"
                  variant="outlined"
                  color={a === 'stop' ? 'error' : 'primary'}
                  disabled={busy === s.id}
                  aria-label={t('actionLabel', { action: t(`action.${a}`), service: s.id, server: serverName })}
                  onClick={() => onAction(s, a)}
                >
                  {t(`action.${a}`)}
                </WriteButton>
              ))}
            </Box>
          ),
        },
      ]}
    />
  );
}
