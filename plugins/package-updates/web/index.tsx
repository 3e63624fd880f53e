import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import {
  ConfigSettingsPage,
  ConfirmDialog,
  defineWebPlugin,
  errorMessageOf,
  formatDateTime,
  PanelSection,
  QueryState,
  ReportDetail,
  ReportList,
  useManagedHost,
  useReportPolling,
  WriteButton,
  type Column,
} from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useParams } from 'react-router';
import { packageUpdatesApi, packageUpdatesClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { PendingTable } from './PendingTable.tsx';

type Summary = Schemas['PackageUpdatesUpgradeSummary'];
const steps = ['simulating', 'installing', 'verifying'] as const;
const isStep = (s: string): s is (typeof steps)[number] => (steps as readonly string[]).includes(s);

/** Pending updates (with the services whose configuration they replace), "update now" with progress, the history. */
export function UpdatesPanels() {
  const { t, language } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [polling, setPolling] = useState(0);
  const history = packageUpdatesApi.useListPackageUpgradesQuery(args, { pollingInterval: polling });
  const running = useReportPolling(history.data?.data) > 0;
  const pending = packageUpdatesApi.useListPendingPackageUpdatesQuery(args);
  const [start] = packageUpdatesApi.useStartPackageUpgradeMutation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = useReportPolling(history.data?.data);
  if (next !== polling) {
    setPolling(next);
    // The run ended: what is pending now is what it left.
    if (next === 0) void pending.refetch();
  }
  const stepLabel = (s: string) => (isStep(s) ? t(`history.steps.${s}`) : s);
  const columns: Column<Summary>[] = [
    { id: 'packages', label: t('history.packages'), render: (r) => r.packages, sortValue: (r) => r.packages },
    { id: 'security', label: t('history.security'), render: (r) => r.security },
  ];
  return (
    <>
      <PanelSection id="package-updates-pending-title" title={t('pending.heading')}>
        <QueryState query={pending}>
          {(data) => (
            <Stack spacing={2}>
              <Typography>
                {t('pending.count', { count: data.data.length, security: data.data.filter((u) => u.security).length })} ·{' '}
                {t('pending.checkedAt', { date: formatDateTime(data.checkedAt, language) })}
              </Typography>
              {data.services.length > 0 && (
                <Alert severity="warning" data-testid="package-updates-replaces">
                  {t('pending.replaces', { services: data.services.join(', ') })}
                </Alert>
              )}
              {data.data.some((u) => u.conffiles.length) && (
                <Typography data-testid="package-updates-conffiles">
                  {t('pending.conffileWarning', {
                    packages: data.data
                      .filter((u) => u.conffiles.length)
                      .map((u) => u.package)
                      .join(', '),
                  })}
                </Typography>
              )}
              <div>
                <WriteButton variant="contained" disabled={running || data.data.length === 0} onClick={() => setAsking(true)}>
                  {running ? t('pending.running') : t('pending.updateNow')}
                </WriteButton>
              </div>
              {error && <Alert severity="error">{error}</Alert>}
              <PendingTable updates={data.data} />
              <ConfirmDialog
                open={asking}
                title={t('pending.confirmTitle', { count: data.data.length })}
                text={
                  data.services.length
                    ? `${t('pending.confirmText')} ${t('pending.replaces', { services: data.services.join(', ') })}`
                    : t('pending.confirmText')
                }
                confirm={t('pending.confirm')}
                color="warning"
                onClose={() => setAsking(false)}
                onConfirm={async () => {
                  setError(null);
                  const r = await start(args);
                  if ('error' in r && r.error)
                    setError(errorMessageOf(r.error) === 'errors.conflict' ? t('pending.running') : String(errorMessageOf(r.error)));
                  else setPolling(1000);
                  setAsking(false);
                }}
              />
            </Stack>
          )}
        </QueryState>
      </PanelSection>
      <PanelSection id="package-updates-history-title" title={t('history.heading')}>
        <QueryState query={history}>
          {(data) => (
            <ReportList
              reports={data.data}
              columns={columns}
              testId="package-updates-upgrade-row"
              caption={t('history.caption')}
              stepLabel={stepLabel}
              live={{ api: packageUpdatesApi, endpoint: 'listPackageUpgrades', args }}
            />
          )}
        </QueryState>
      </PanelSection>
    </>
  );
}

/** The section's page: the settings form (maintenance window, automatic security updates) and the updates below it. */
function PackageUpdatesPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={packageUpdatesClient} intro={t('intro')}>
      <UpdatesPanels />
    </ConfigSettingsPage>
  );
}

/** `report/:upgradeId` (the SDK's report list links there): one upgrade with the packages it applied. */
function UpgradePage() {
  const { t } = useT();
  const host = useManagedHost();
  const upgradeId = Number(useParams().upgradeId);
  const [polling, setPolling] = useState(1000);
  const upgradeArgs = { clusterId: host.cluster.id, serverId: host.server.id, upgradeId };
  const upgrade = packageUpdatesApi.useGetPackageUpgradeQuery(upgradeArgs, { pollingInterval: polling });
  const next = useReportPolling(upgrade.data ? [upgrade.data] : undefined);
  if (upgrade.data && next !== polling) setPolling(next);
  return (
    <QueryState query={upgrade}>
      {(r) => (
        <ReportDetail report={r} stepLabel={(s) => (isStep(s) ? t(`history.steps.${s}`) : s)} live={{ api: packageUpdatesApi, endpoint: 'getPackageUpgrade', args: upgradeArgs }}>
          {() =>
            r.result && (
              <Stack spacing={2}>
                {r.result.services.length > 0 && (
                  <Alert severity="info">{t('pending.replaces', { services: r.result.services.join(', ') })}</Alert>
                )}
                <TableContainer sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('history.caption')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('pending.package')}</TableCell>
                      <TableCell>{t('history.from')}</TableCell>
                      <TableCell>{t('history.to')}</TableCell>
                      <TableCell>{t('pending.security')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {r.result.packages.map((p) => (
                      <TableRow key={p.package} data-testid="package-updates-applied-row">
                        <TableCell>{p.package}</TableCell>
                        <TableCell>{p.from}</TableCell>
                        <TableCell>{p.to}</TableCell>
                        <TableCell>{p.security ? t('pending.securityYes') : '–'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                </TableContainer>
                <Typography>{t('history.remaining', { count: r.result.remaining })}</Typography>
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
    { path: '', Component: PackageUpdatesPage },
    { path: 'report/:upgradeId', Component: UpgradePage },
  ],
});
