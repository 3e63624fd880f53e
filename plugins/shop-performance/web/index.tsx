import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  defineWebPlugin,
  errorMessageOf,
  QueryState,
  REPORT_OFFLINE_MS,
  ReportDetail,
  ReportList,
  ReportScheduleForm,
  useManagedHost,
  useReportPolling,
  WriteButton,
  type Column,
} from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useParams } from 'react-router';
import { shopPerformanceApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { delta } from './delta.ts';
import { Figures } from './Figures.tsx';

type Summary = Schemas['ShopPerformanceReportSummary'];

const stepLabel = (t: ReturnType<typeof useT>['t']) => (s: string) => t(s === 'fpm' ? 'steps.fpm' : s === 'pages' ? 'steps.pages' : s === 'queries' ? 'steps.queries' : 'steps.logs');

/** The section's start page: "measure now" and the reports with their p95 and its change. */
function ReportsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [polling, setPolling] = useState(0);
  // Progress arrives as `<id>.report` events (ReportList `live`); polling is the slow fallback.
  const list = shopPerformanceApi.useListShopPerformanceReportsQuery(args, { pollingInterval: polling });
  const [run, running] = shopPerformanceApi.useRunShopPerformanceReportMutation();
  const [error, setError] = useState<string | null>(null);
  const next = useReportPolling(list.data?.data);
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
            });
          }}
        >
          {t('run')}
        </WriteButton>
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <QueryState query={list}>
        {(data) => <ReportList reports={data.data} columns={columns} testId="shop-performance-report-row" caption={t('list.caption')} stepLabel={stepLabel(t)} live={{ api: shopPerformanceApi, endpoint: 'listShopPerformanceReports', args }} />}
      </QueryState>
      <SchedulePanel />
    </Stack>
  );
}

/** The report schedule (a performance report costs nothing: no price to confirm). */
function SchedulePanel() {
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const schedule = shopPerformanceApi.useGetShopPerformanceScheduleQuery(args);
  const [save] = shopPerformanceApi.useSetShopPerformanceScheduleMutation();
  return (
    <QueryState query={schedule}>
      {(s) => (
        <ReportScheduleForm
          testId="shop-performance-schedule"
          schedule={s}
          onSave={async (values) => {
            const r = await save({ ...args, body: { mode: values.mode, weekday: values.weekday, hour: values.hour } });
            return 'error' in r ? r.error : undefined;
          }}
        />
      )}
    </QueryState>
  );
}

/** `report/:reportId`: a report's figures and the comparison with the one before. */
function ReportPage() {
  const { t } = useT();
  const host = useManagedHost();
  const reportId = Number(useParams().reportId);
  const reportArgs = { clusterId: host.cluster.id, serverId: host.server.id, reportId };
  const [polling, setPolling] = useState(REPORT_OFFLINE_MS);
  const report = shopPerformanceApi.useGetShopPerformanceReportQuery(reportArgs, { pollingInterval: polling });
  const next = useReportPolling(report.data ? [report.data] : undefined);
  if (report.data && next !== polling) setPolling(next);
  return (
    <QueryState query={report}>
      {(r) => (
        <ReportDetail report={r} stepLabel={stepLabel(t)} live={{ api: shopPerformanceApi, endpoint: 'getShopPerformanceReport', args: reportArgs }}>
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
