import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  DataTable,
  defineWebPlugin,
  errorMessageOf,
  formatDateTime,
  numberFormats,
  QueryState,
  ReportDetail,
  ReportList,
  reportPolling,
  useManagedHost,
  WriteButton,
  type Column,
} from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useParams } from 'react-router';
import { shopPerformanceApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Summary = Schemas['ShopPerformanceReportSummary'];
type Result = Schemas['ShopPerformanceResult'];
type Url = Result['urls'][number];
type Slow = Result['slowest'][number];

const delta = (ms: number | null) => (ms === null ? '–' : `${ms > 0 ? '+' : ''}${ms} ms`);

/** The section's start page: "measure now" and the reports with their p95 and its change. */
function ReportsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [polling, setPolling] = useState(0);
  const list = shopPerformanceApi.useListShopPerformanceReportsQuery(args, { pollingInterval: polling });
  const [run, running] = shopPerformanceApi.useRunShopPerformanceReportMutation();
  const [error, setError] = useState<string | null>(null);
  const next = reportPolling(list.data?.data);
  if (next !== polling) setPolling(next);
  const columns: Column<Summary>[] = [
    { id: 'requests', label: t('list.requests'), align: 'right', render: (r) => (r.status === 'done' ? r.requests : null) },
    { id: 'p95', label: t('list.p95'), align: 'right', render: (r) => (r.p95Ms === null ? '–' : `${r.p95Ms} ms`) },
    { id: 'delta', label: t('list.delta'), align: 'right', render: (r) => delta(r.p95DeltaMs) },
  ];
  return (
    <Stack spacing={2}>
      <Typography>{t('intro')}</Typography>
      <div>
        <WriteButton
          variant="contained"
          disabled={running.isLoading || next > 0}
          onClick={() => {
            setError(null);
            void run(args).then((r) => {
              if ('error' in r && r.error) setError(errorMessageOf(r.error) === 'errors.conflict' ? t('errors.running') : t('errors.start_failed'));
              else setPolling(1000);
            });
          }}
        >
          {t('run')}
        </WriteButton>
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <QueryState query={list}>
        {(data) => <ReportList reports={data.data} columns={columns} testId="shop-performance-report-row" caption={t('list.caption')} stepLabel={(s) => t(s === 'fpm' ? 'steps.fpm' : 'steps.logs')} />}
      </QueryState>
    </Stack>
  );
}

/** The figures of a finished report. */
function Figures({ result }: { result: Result }) {
  const { t, language } = useT();
  const f = numberFormats(language);
  const urlColumns: Column<Url>[] = [
    { id: 'path', label: t('urls.path'), render: (u) => <code style={{ wordBreak: 'break-all' }}>{u.host ? `${u.host}${u.path}` : u.path}</code>, sortValue: (u) => u.path },
    { id: 'count', label: t('urls.count'), align: 'right', render: (u) => u.count, sortValue: (u) => u.count },
    { id: 'p50', label: t('urls.p50'), align: 'right', render: (u) => `${u.p50Ms} ms`, sortValue: (u) => u.p50Ms },
    { id: 'p95', label: t('urls.p95'), align: 'right', render: (u) => `${u.p95Ms} ms`, sortValue: (u) => u.p95Ms },
    { id: 'max', label: t('urls.max'), align: 'right', render: (u) => `${u.maxMs} ms`, sortValue: (u) => u.maxMs },
    { id: 'errors', label: t('urls.errors'), align: 'right', render: (u) => f.percent1(u.errorRate * 100), sortValue: (u) => u.errorRate },
  ];
  const slowColumns: Column<Slow>[] = [
    { id: 'time', label: t('slowest.time'), nowrap: true, render: (s) => (s.time ? formatDateTime(s.time, language, { compact: true }) : '–') },
    { id: 'request', label: t('slowest.request'), render: (s) => <code style={{ wordBreak: 'break-all' }}>{`${s.method ?? ''} ${s.host ?? ''}${s.uri}`}</code> },
    { id: 'status', label: t('slowest.status'), align: 'right', render: (s) => s.status ?? '–' },
    { id: 'duration', label: t('slowest.duration'), align: 'right', render: (s) => `${s.durationMs} ms` },
  ];
  const c = result.comparison;
  return (
    <Stack spacing={3}>
      {result.overall ? (
        <Typography data-testid="shop-performance-overall">
          {t('overall', { count: result.overall.count, p50: result.overall.p50Ms, p95: result.overall.p95Ms, avg: result.overall.avgMs, max: result.overall.maxMs })}
        </Typography>
      ) : (
        <Alert severity="info">{t('noRequests')}</Alert>
      )}
      <section>
        <Typography variant="h6" component="h2">
          {t('comparison.title')}
        </Typography>
        {c ? (
          <Stack spacing={1}>
            <Typography data-testid="shop-performance-comparison">
              {t('comparison.text', { date: formatDateTime(c.previousAt, language), p50: delta(c.p50DeltaMs), p95: delta(c.p95DeltaMs), avg: delta(c.avgDeltaMs) })}
            </Typography>
            {c.urls.length > 0 && (
              <Table size="small" aria-label={t('comparison.urls')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('urls.path')}</TableCell>
                    <TableCell align="right">{t('comparison.before')}</TableCell>
                    <TableCell align="right">{t('comparison.after')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {c.urls.map((u) => (
                    <TableRow key={`${u.host ?? ''}${u.path}`}>
                      <TableCell>
                        <code>{u.host ? `${u.host}${u.path}` : u.path}</code>
                      </TableCell>
                      <TableCell align="right">{u.p95BeforeMs} ms</TableCell>
                      <TableCell align="right">{u.p95AfterMs} ms</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Stack>
        ) : (
          <Typography>{t('comparison.none')}</Typography>
        )}
      </section>
      <section>
        <Typography variant="h6" component="h2">
          {t('cache.title')}
        </Typography>
        <Typography>{result.cache ? t('cache.ratio', { ratio: f.percent1(result.cache.ratio * 100), hits: result.cache.hits, misses: result.cache.misses }) : t('cache.none')}</Typography>
      </section>
      <section>
        <Typography variant="h6" component="h2">
          {t('fpm.title')}
        </Typography>
        {result.fpm === null ? (
          <Typography>{t('fpm.none')}</Typography>
        ) : result.fpm.length === 0 ? (
          <Typography>{t('fpm.ok')}</Typography>
        ) : (
          result.fpm.map((p) => (
            <Alert key={p.pool} severity={p.maxChildrenReached ? 'warning' : 'info'}>
              {t('fpm.pool', { pool: p.pool, reached: p.maxChildrenReached, busy: p.busyWarnings, max: p.maxChildren ?? '–' })}
            </Alert>
          ))
        )}
      </section>
      {result.urls.length > 0 && <DataTable rows={result.urls} columns={urlColumns} rowKey={(u) => `${u.host ?? ''}${u.path}`} caption={t('urls.caption')} searchText={(u) => `${u.host ?? ''}${u.path}`} rowProps={() => ({ 'data-testid': 'shop-performance-url' })} />}
      {result.slowest.length > 0 && <DataTable rows={result.slowest} columns={slowColumns} rowKey={(s) => `${s.time ?? ''}${s.uri}${s.durationMs}`} caption={t('slowest.caption')} />}
    </Stack>
  );
}

/** `report/:reportId`: a report's figures and the comparison with the one before. */
function ReportPage() {
  const { t } = useT();
  const host = useManagedHost();
  const reportId = Number(useParams().reportId);
  const [polling, setPolling] = useState(1000);
  const report = shopPerformanceApi.useGetShopPerformanceReportQuery({ clusterId: host.cluster.id, serverId: host.server.id, reportId }, { pollingInterval: polling });
  const next = reportPolling(report.data ? [report.data] : undefined);
  if (report.data && next !== polling) setPolling(next);
  return (
    <QueryState query={report}>
      {(r) => (
        <ReportDetail report={r} stepLabel={(s) => t(s === 'fpm' ? 'steps.fpm' : 'steps.logs')}>
          {() => r.result && <Figures result={r.result} />}
        </ReportDetail>
      )}
    </QueryState>
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: ReportsPage },
    { path: 'report/:reportId', Component: ReportPage },
  ],
});
