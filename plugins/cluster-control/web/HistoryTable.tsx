/** The cluster's last service actions with their result; the output behind an expandable row. */
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import { DataTable, formatDateTime, type ResultOf } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

export type HistoryRow = ResultOf<'listClusterControlHistory'>['data'][number];
const color = { succeeded: 'success', refused: 'warning', failed: 'error' } as const;

export function HistoryTable({ rows }: { rows: readonly HistoryRow[] }) {
  const { t, i18n } = useT();
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      caption={t('history.caption')}
      testId="cluster-control-history"
      empty={t('history.empty')}
      details={{
        label: () => t('history.output'),
        content: (r) => (
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, fontSize: '0.8rem' }}>
            {r.output || '—'}
          </Box>
        ),
      }}
      columns={[
        {
          id: 'at',
          label: t('history.columns.at'),
          nowrap: true,
          sortValue: (r) => r.at,
          render: (r) => formatDateTime(r.at, i18n.language, { compact: true }),
        },
        { id: 'server', label: t('history.columns.server'), render: (r) => r.serverName },
        { id: 'service', label: t('history.columns.service'), render: (r) => r.service },
        { id: 'action', label: t('history.columns.action'), render: (r) => t(`action.${r.action}`) },
        {
          id: 'outcome',
          label: t('history.columns.outcome'),
          render: (r) => <Chip size="small" color={color[r.outcome]} label={t(`outcome.${r.outcome}`)} />,
        },
        { id: 'user', label: t('history.columns.user'), render: (r) => r.userEmail },
        { id: 'output', label: t('history.columns.output'), hideLabel: true, render: (_r, d) => d.toggle },
      ]}
    />
  );
}
