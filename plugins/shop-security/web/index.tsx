import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  defineWebPlugin,
  errorMessageOf,
  numberFormats,
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
import { shopSecurityApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { FindingsTable } from './FindingsTable.tsx';
import { severityColor } from './severity.ts';

type Summary = Schemas['ShopSecurityReportSummary'];
type Price = Schemas['ShopSecurityScanPrice'];

/** What the next scan costs, before it is started (R9.023). */
function PriceNotice({ price }: { price: Price }) {
  const { t, language } = useT();
  const f = numberFormats(language);
  return (
    <Alert severity={price.free ? 'success' : 'info'} data-testid="shop-security-price">
      {price.free
        ? t('price.free', { until: price.freeUntil })
        : t(`price.charged.${price.reason === 'basic_sla_offer' ? 'sla_not_basic' : price.reason}`, { price: f.currency(price.cents / 100) })}
    </Alert>
  );
}

const steps = ['listing', 'reading', 'web', 'cron'] as const;
/** The label of a running scan's step. */
function useStepLabel() {
  const { t } = useT();
  return (s: string) => t(`steps.${steps.find((x) => x === s) ?? 'reading'}`);
}

/** The scan schedule, with the price of a scheduled scan and its one-time confirmation (R9.023). */
function SchedulePanel() {
  const { t, language } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const schedule = shopSecurityApi.useGetShopSecurityScheduleQuery(args);
  const [save] = shopSecurityApi.useSetShopSecurityScheduleMutation();
  const money = (cents: number) => numberFormats(language).currency(cents / 100);
  return (
    <QueryState query={schedule}>
      {(s) => (
        <ReportScheduleForm
          testId="shop-security-schedule"
          schedule={s}
          onSave={async (values) => {
            const r = await save({ ...args, body: values });
            return 'error' in r ? r.error : undefined;
          }}
          price={{
            charged: !s.price.free,
            notice: s.price.free ? t('schedule.priceFree', { until: s.price.freeUntil }) : t('schedule.priceCharged', { price: money(s.price.cents) }),
            confirmLabel: t('schedule.confirm', { price: money(s.price.cents) }),
            paused: s.paused ? <Alert severity="warning">{t('schedule.paused')}</Alert> : s.confirmedCents !== null && !s.price.free ? <Typography variant="body2">{t('schedule.confirmed', { price: money(s.confirmedCents) })}</Typography> : null,
          }}
        />
      )}
    </QueryState>
  );
}

/** The section's start page: what a scan costs, "scan now", and the scans with their findings per severity. */
function ScansPage() {
  const { t, language } = useT();
  const stepLabel = useStepLabel();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [polling, setPolling] = useState(0);
  // Progress arrives as `<id>.report` events (ReportList `live`); polling is the slow fallback.
  const list = shopSecurityApi.useListShopSecurityReportsQuery(args, { pollingInterval: polling });
  const [run, running] = shopSecurityApi.useRunShopSecurityScanMutation();
  const [error, setError] = useState<string | null>(null);
  const next = useReportPolling(list.data?.data);
  if (next !== polling) setPolling(next);
  const columns: Column<Summary>[] = [
    {
      id: 'findings',
      label: t('list.findings'),
      render: (r) =>
        r.status === 'done' ? (
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
            {(['critical', 'high', 'medium', 'low'] as const).map((s) =>
              r.counts[s] ? <Chip key={s} size="small" color={severityColor[s]} label={`${t(`severity.${s}`)}: ${r.counts[s]}`} /> : null,
            )}
            {!r.counts.critical && !r.counts.high && !r.counts.medium && !r.counts.low && <Chip size="small" color="success" label={t('list.clean')} />}
          </Stack>
        ) : null,
    },
  ];
  return (
    <Stack spacing={2}>
      <Typography>{t('intro')}</Typography>
      <QueryState query={list}>
        {(data) => (
          <Stack spacing={2}>
            <PriceNotice price={data.price} />
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
                {data.price.free ? t('run.free') : t('run.charged', { price: numberFormats(language).currency(data.price.cents / 100) })}
              </WriteButton>
            </div>
            {error && <Alert severity="error">{error}</Alert>}
            <ReportList reports={data.data} columns={columns} testId="shop-security-report-row" caption={t('list.caption')} stepLabel={stepLabel} live={{ api: shopSecurityApi, endpoint: 'listShopSecurityReports', args }} />
          </Stack>
        )}
      </QueryState>
      <SchedulePanel />
    </Stack>
  );
}

/** `report/:reportId`: a scan with its findings, most severe first. */
function ReportPage() {
  const { t, language } = useT();
  const stepLabel = useStepLabel();
  const host = useManagedHost();
  const reportId = Number(useParams().reportId);
  const reportArgs = { clusterId: host.cluster.id, serverId: host.server.id, reportId };
  const [polling, setPolling] = useState(REPORT_OFFLINE_MS);
  const report = shopSecurityApi.useGetShopSecurityReportQuery(reportArgs, { pollingInterval: polling });
  const next = useReportPolling(report.data ? [report.data] : undefined);
  if (report.data && next !== polling) setPolling(next);
  return (
    <QueryState query={report}>
      {(r) => (
        <ReportDetail report={r} stepLabel={stepLabel} live={{ api: shopSecurityApi, endpoint: 'getShopSecurityReport', args: reportArgs }}>
          {() =>
            r.result && (
              <Stack spacing={2}>
                <Typography>
                  {t('detail.scanned', { files: r.result.filesScanned, roots: r.result.roots.join(', ') || '–', version: r.result.listVersion })}
                </Typography>
                <Typography>{r.result.price.free ? t('detail.wasFree') : t('detail.wasCharged', { price: numberFormats(language).currency(r.result.price.cents / 100) })}</Typography>
                {r.result.sites && r.result.sites.length > 0 && <Typography>{t('detail.sites', { sites: r.result.sites.join(', ') })}</Typography>}
                {r.result.crontabs && r.result.crontabs.length > 0 && <Typography>{t('detail.crontabs', { crontabs: r.result.crontabs.join(', ') })}</Typography>}
                {r.result.tls?.map((h) => (
                  <Typography key={h.site} data-testid="shop-security-tls">
                    {t('detail.tls', { site: h.site, protocol: h.protocol, cipher: h.cipher, tls10: t(`legacy.${h.legacy.TLSv1}`), tls11: t(`legacy.${h.legacy['TLSv1.1']}`) })}
                    {h.certificate && ` ${t('detail.certificate', { subject: h.certificate.subject || '–', issuer: h.certificate.issuer || '–', validTo: new Date(h.certificate.validTo).toLocaleDateString(language) })}`}
                  </Typography>
                ))}
                {r.result.truncated && <Alert severity="warning">{t('detail.truncated')}</Alert>}
                {r.result.findings.length === 0 ? (
                  <Alert severity="success">{t('detail.clean')}</Alert>
                ) : (
                  <FindingsTable findings={r.result.findings} />
                )}
              </Stack>
            )
          }
        </ReportDetail>
      )}
    </QueryState>
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: ScansPage },
    { path: 'report/:reportId', Component: ReportPage },
  ],
});
