import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import type { ReactNode } from 'react';
import { ConfirmDialog, DataTable, formatBytes, formatCount, QueryState, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { redisApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Database = Schemas['RedisDatabase'];
type Instance = Schemas['RedisInstance'];
/** One database, or every one (`null`). */
export type Target = { database: number | null };

const uptime = (seconds: number, language: string) => {
  const [value, unit] = seconds >= 86400 ? [seconds / 86400, 'day'] : seconds >= 3600 ? [seconds / 3600, 'hour'] : [seconds / 60, 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long', maximumFractionDigits: 0 }).format(Math.floor(value));
};

/** What the running instance reports: version, uptime, memory and the keys per database, each flushable after a confirmation. */
export function RedisInstance() {
  const host = useManagedHost();
  const { t } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = redisApi.useGetRedisInstanceQuery(args, { pollingInterval: 15_000, skipPollingIfUnfocused: true });
  const [flush] = redisApi.useFlushRedisMutation();
  return (
    <InstancePanel>
      <QueryState query={query}>
        {(instance) => (
          <InstanceView
            instance={instance}
            onFlush={async (target) => {
              const r = await flush({ ...args, body: target });
              if (r.error !== undefined) return host.notifyFailure(r.error);
              host.notify('success', t('instance.flushed', { count: r.data.keysRemoved }));
              void query.refetch();
            }}
          />
        )}
      </QueryState>
    </InstancePanel>
  );
}

/** The panel's frame: a region with its heading. */
export function InstancePanel({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} component="section" aria-labelledby="redis-instance-title">
      <Stack spacing={2}>
        <Typography id="redis-instance-title" variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t('instance.title')}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** The instance as it reports itself, and the flush buttons with their confirmation (`onFlush` runs once confirmed). */
export function InstanceView({ instance, onFlush }: { instance: Instance; onFlush(target: Target): Promise<void> }) {
  const { t, language: lang } = useT();
  const confirm = useConfirm<Target>();
  if (!instance.running) return <Typography>{t('instance.notRunning')}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography data-testid="redis-instance-summary">
        {t('instance.summary', {
          version: instance.version,
          uptime: uptime(instance.uptimeSeconds ?? 0, lang),
          memory: formatBytes(instance.usedMemoryBytes ?? 0, lang),
        })}
      </Typography>
      <DataTable<Database>
        rows={instance.databases ?? []}
        rowKey={(db) => db.database}
        caption={t('instance.caption')}
        testId="redis-databases"
        empty={t('instance.empty')}
        columns={[
          { id: 'database', label: t('instance.database'), render: (db) => `db${db.database}`, sortValue: (db) => db.database },
          { id: 'keys', label: t('instance.keys'), render: (db) => formatCount(db.keys, lang), sortValue: (db) => db.keys, align: 'right' },
          { id: 'expires', label: t('instance.expires'), render: (db) => formatCount(db.expires, lang), align: 'right' },
          {
            id: 'actions',
            label: t('instance.flush'),
            hideLabel: true,
            align: 'right',
            render: (db) => (
              <WriteButton
                size="small"
                color="error"
                onClick={() => confirm.ask({ database: db.database })}
                aria-label={t('instance.flushLabel', { database: db.database })}
              >
                {t('instance.flush')}
              </WriteButton>
            ),
          },
        ]}
      />
      <div>
        <WriteButton variant="outlined" color="error" onClick={() => confirm.ask({ database: null })}>
          {t('instance.flushAll')}
        </WriteButton>
      </div>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('instance.confirmTitle')}
        text={confirm.item?.database == null ? t('instance.confirmAll') : t('instance.confirmOne', { database: confirm.item.database })}
        confirm={confirm.item?.database == null ? t('instance.flushAll') : t('instance.flushLabel', { database: confirm.item.database })}
        onConfirm={() => confirm.run(onFlush)}
      />
    </Stack>
  );
}
