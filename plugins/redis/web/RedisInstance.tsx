import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import type { ReactNode } from 'react';
import {
  ConfirmDialog,
  DataTable,
  formatBytes,
  formatCount,
  formatUptime,
  PanelSection,
  QueryState,
  useConfirm,
  useManagedHost,
  WriteButton,
} from '@portal/plugin-sdk/web';
import { redisApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Database = Schemas['RedisDatabase'];
type Instance = Schemas['RedisInstance'];
/** One database, or every one (`null`). */
export type Target = { database: number | null };

/**
 * What a running instance (`instance`, default `default`) reports: version, uptime, memory and the keys per database,
 * each flushable after a confirmation.
 */
export function RedisInstance({ instance = 'default' }: { instance?: string }) {
  const host = useManagedHost();
  const { t } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id, query: { instance } };
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
    <PanelSection id="redis-instance-title" title={t('instance.title')}>
      {children}
    </PanelSection>
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
          uptime: formatUptime(instance.uptimeSeconds ?? 0, lang),
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
