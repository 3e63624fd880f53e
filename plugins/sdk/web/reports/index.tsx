/**
 * The pages' parts of report modules (shop-security, shop-performance): the list of a server's reports with
 * their state, the progress of a running one, and the frame of a report's detail page. The plugin supplies
 * its own columns and the content of a finished report; the data comes from its generated client. Given that
 * query (`live`), the list and the detail follow the runs' `<pluginId>.report` events: a step moves the cached
 * answer in place (no request), an ended run (or one the cache does not know yet) refetches it once. Polling
 * (`reportPolling`) is only the fallback while a run is running: slow while the real-time channel is up.
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
import type { ReportError, ReportEvent, ReportStatus } from '../../reports/shared.ts';
import type { AnyDispatch } from '../client.ts';
import { managedApi, useManagedDispatch, useManagedHost, usePluginId, useServerEvent } from '../runtime.tsx';
import { DataTable, type Column } from '../kit/DataTable.tsx';
import { EmptyState } from '../kit/States.tsx';
import { formatDateTime } from '../kit/format.ts';

/** What every report module's summary schema has (`<Pascal>ReportSummary`). */
export interface ReportSummaryLike {
  id: number;
  status: ReportStatus;
  progress: number;
  step: string | null;
  startedAt: string;
  finishedAt: string | null;
  startedBy: string;
  error: ReportError | null;
}

/** How often a list or report with a running run is fetched: the events carry it, this is the safety net. */
export const REPORT_FALLBACK_MS = 10_000;
/** … and while the real-time channel is down (the fetch is then the only source). */
export const REPORT_OFFLINE_MS = 1000;

/**
 * The polling interval for a list or report: while one runs, every 10 s as a fallback for the events (every
 * second while the real-time channel is down: `connected`, the host's), else none.
 */
export const reportPolling = (reports: readonly Pick<ReportSummaryLike, 'status'>[] | undefined, connected = true): number =>
  reports?.some((r) => r.status === 'running') ? (connected ? REPORT_FALLBACK_MS : REPORT_OFFLINE_MS) : 0;

/**
 * The query a `ReportList` (an answer `{ data: [...] }`) or `ReportDetail` (the report) shows, so that it can
 * follow the runs' events in the cache: the plugin's generated API, the query's endpoint and its args, e.g.
 * `{ api: shopSecurityApi, endpoint: 'listShopSecurityReports', args }`.
 */
export interface ReportSource<A extends { endpoints: object } = { endpoints: object }> {
  api: A;
  endpoint: keyof A['endpoints'] & string;
  args: unknown;
}

// Every plugin's generated API is `managedApi` with its endpoints injected: one store, one cache, endpoints by name.
type QueryEndpoints = Record<string, { initiate(args: unknown, options: { subscribe: false; forceRefetch: true }): unknown } | undefined>;

/**
 * Follows the plugin's `<pluginId>.report` events in the cached answer of `source`: `find` picks the event's
 * report in the cached answer. A step of a running report it holds is written in place; an ended run it still
 * shows as running, or a report it does not hold, refetches the answer once (the result, a new run). While a
 * fetch is under way (it may have read before the event), the event is looked at again once it answered.
 */
function useReportEvents<D>(source: { endpoint: string; args: unknown } | undefined, find: (answer: D, event: ReportEvent) => ReportSummaryLike | undefined, concerns: (event: ReportEvent) => boolean = () => true) {
  const pluginId = usePluginId();
  const dispatch = useManagedDispatch() as AnyDispatch;
  const follow = (event: ReportEvent, { endpoint, args }: { endpoint: string; args: unknown }) => {
    let current = false;
    dispatch(
      // The endpoint is the plugin's (injected into `managedApi`): its answer is `D` (`find` knows its shape).
      managedApi.util.updateQueryData(endpoint as never, args as never, ((answer: D) => {
        const report = find(answer, event);
        if (!report) return;
        if (report.status !== 'running') current = true; // already ended in the cache (a late event, or the fallback was first)
        else if (event.status === 'running') {
          current = true;
          if (event.progress >= report.progress) Object.assign(report, { progress: event.progress, step: event.step });
        }
      }) as never),
    );
    if (current) return;
    const pending = dispatch(managedApi.util.getRunningQueryThunk(endpoint as never, args as never)) as PromiseLike<unknown> | undefined;
    const query = (managedApi.endpoints as QueryEndpoints)[endpoint];
    if (pending) void Promise.resolve(pending).then(() => follow(event, { endpoint, args }), () => undefined);
    else if (query) dispatch(query.initiate(args, { subscribe: false, forceRefetch: true }));
  };
  useServerEvent(`${pluginId ?? ''}.report`, (event) => {
    if (source && pluginId && concerns(event)) follow(event, source);
  });
}

/** The polling interval of a list or report (`reportPolling`) with the host's real-time state. */
export function useReportPolling(reports: readonly Pick<ReportSummaryLike, 'status'>[] | undefined): number {
  return reportPolling(reports, useManagedHost().connected);
}

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
export function ReportList<R extends ReportSummaryLike, A extends { endpoints: object } = { endpoints: object }>({
  reports,
  columns = [],
  caption,
  testId,
  stepLabel,
  live,
}: {
  reports: readonly R[];
  columns?: readonly Column<R>[];
  caption?: string;
  /** `data-testid` of each row (`<pluginId>-report-row`). */
  testId: string;
  stepLabel?: (step: string) => string;
  /** The list's query (an answer `{ data: [...] }`): its cached answer follows the runs' events. */
  live?: ReportSource<A>;
}) {
  const { t, i18n } = useTranslation('sdk');
  useReportEvents<{ data?: ReportSummaryLike[] }>(live, (answer, e) => answer.data?.find((r) => r.id === e.reportId));
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
export function ReportDetail<R extends ReportSummaryLike, A extends { endpoints: object } = { endpoints: object }>({
  report,
  children,
  stepLabel,
  live,
}: {
  report: R;
  children: (report: R) => ReactNode;
  stepLabel?: (step: string) => string;
  /** The report's query: its cached answer follows the run's events. */
  live?: ReportSource<A>;
}) {
  const { t, i18n } = useTranslation('sdk');
  useReportEvents<ReportSummaryLike>(
    live,
    (answer, e) => (answer.id === e.reportId ? answer : undefined),
    (e) => e.reportId === report.id,
  );
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
