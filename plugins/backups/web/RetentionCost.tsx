import Alert from '@mui/material/Alert';
import { numberFormats, useManagedHost } from '@portal/plugin-sdk/web';
import { backupsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { retentionDays, type Retention } from '../shared/retention.ts';

/** The cost preview under the retention fields: free within the days kept free (§9), else the monthly price. */
export function RetentionCost({ values }: { values: Partial<Retention> }) {
  const { t, i18n } = useT();
  const host = useManagedHost();
  const days = retentionDays({ keepDays: Number(values.keepDays ?? 0), keepWeeks: Number(values.keepWeeks ?? 0), keepMonths: Number(values.keepMonths ?? 0) });
  const cost = backupsApi.usePreviewBackupsCostQuery({ clusterId: host.cluster.id, serverId: host.server.id, query: { retentionDays: Math.max(1, days) } });
  const money = numberFormats(i18n.language).currency;
  const p = cost.data;
  return (
    <Alert severity={p && p.pricedDays > 0 ? 'warning' : 'info'} sx={{ mt: 2 }} data-testid="backups-cost" aria-live="polite">
      {!p
        ? t('cost.loading')
        : p.pricedDays === 0
          ? t('cost.free', { days: p.retentionDays, free: p.freeDays })
          : t('cost.priced', { days: p.retentionDays, free: p.freeDays, priced: p.pricedDays, net: money(p.monthlyNet), gross: money(p.monthlyGross) })}
    </Alert>
  );
}
