/**
 * The pages' parts of report modules (shop-security, shop-performance): the list of a server's reports with
 * their state, the progress of a running one, and the frame of a report's detail page. The plugin supplies
 * its own columns and the content of a finished report; the data comes from its generated client, polled
 * while a run is running (`reportPolling`).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataTable, type Column } from '../kit/DataTable.tsx';
import { EmptyState } from '../kit/States.tsx';
import { formatDateTime } from '../kit/format.ts';

/** What every report module's summary schema has (`<Pascal>ReportSummary`). */
export interface ReportSummaryLike {
  id: number;
  status: 'running' | 'done' | 'failed';
  progress: number;
  step: string | null;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  error: 'interrupted' | 'unreachable' | 'error' | null;
}

/** The polling interval for a list or report: every second while one runs, else none. */
export const reportPolling = (reports: readonly Pick<ReportSummaryLike, 'status'>[] | undefined): number =>
  reports?.some((r) => r.status === 'running') ? 1000 : 0;

/** The state of a report: a chip, and a progress bar while it runs. */
export function ReportState({ report, stepLabel }: { report: ReportSummaryLike; stepLabel?: (step: string) => string }) {
  const { t } = useTranslation('sdk');
  if (report.status === 'running')
    return (
      <Stack spacing={0.5} sx={{ minWidth: 160 }}>
        <Typography variant="body2" role="status">
          {t('reports.running', { progress: report.progress })}
          {report.step && stepLabel ? ` · ${stepLabel(report.step)}` : ''}
        </Typography>
        <LinearProgress variant="determinate" value={report.progress} aria-label={t('reports.progressLabel')} />
      </Stack>
    );
  return (
    <Chip
      size="small"
      color={report.status === 'done' ? 'success' : 'error'}
      label={report.status === 'failed' && report.error ? t(`reports.errors.${report.error}`) : t(`reports.statuses.${report.status}`)}
    />
  );
}

/** The reports of a server, newest first: started, by whom, state, the plugin's own columns, and the link to the detail. */
export function ReportList<R extends ReportSummaryLike>({
  reports,
  columns = [],
  caption,
  testId,
  stepLabel,
}: {
  reports: readonly R[];
  columns?: readonly Column<R>[];
  caption?: string;
  /** `data-testid` of each row (`<pluginId>-report-row`). */
  testId: string;
  stepLabel?: (step: string) => string;
}) {
  const { t, i18n } = useTranslation('sdk');
  if (reports.length === 0) return <EmptyState title={t('reports.empty')} hint={t('reports.emptyHint')} />;
  const when = (r: R) => formatDateTime(r.startedAt, i18n.language);
  const all: Column<R>[] = [
    {
      id: 'started',
      label: t('reports.started'),
      sortValue: (r) => r.startedAt,
      nowrap: true,
      render: (r) => (
        <Link component={RouterLink} to={`report/${r.id}`} aria-label={t('reports.openOf', { date: when(r) })}>
          {when(r)}
        </Link>
      ),
    },
    { id: 'status', label: t('reports.status'), render: (r) => <ReportState report={r} stepLabel={stepLabel} /> },
    ...columns,
    {
      id: 'startedBy',
      label: t('reports.startedBy'),
      // A scheduled run (`startedBy: 'schedule'`, the SDK's report schedules) vs one started by hand.
      render: (r) => (r.startedBy === 'schedule' ? <Chip size="small" variant="outlined" label={t('reports.scheduled')} data-testid="report-scheduled" /> : t('reports.byHand', { who: r.startedBy })),
      sortValue: (r) => r.startedBy,
    },
  ];
  return (
    <DataTable
      rows={reports}
      columns={all}
      rowKey={(r) => r.id}
      caption={caption ?? t('reports.caption')}
      initialSort={{ id: 'started', direction: 'desc' }}
      rowProps={(r) => ({ 'data-testid': testId, 'data-status': r.status })}
    />
  );
}

/** The frame of a report's detail page: when and by whom, its state, and the plugin's content once it is done. */
export function ReportDetail<R extends ReportSummaryLike>({ report, children, stepLabel }: { report: R; children: (report: R) => ReactNode; stepLabel?: (step: string) => string }) {
  const { t, i18n } = useTranslation('sdk');
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography>
          {t('reports.started')}: {formatDateTime(report.startedAt, i18n.language)} · {t('reports.startedBy')}: {report.startedBy}
        </Typography>
        <ReportState report={report} stepLabel={stepLabel} />
      </Box>
      {report.status === 'failed' && <Alert severity="error">{t(`reports.errors.${report.error ?? 'error'}`)}</Alert>}
      {report.status === 'done' && children(report)}
      <Link component={RouterLink} to="../.." relative="path">
        {t('reports.back')}
      </Link>
    </Stack>
  );
}
