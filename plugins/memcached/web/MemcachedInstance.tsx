import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { ConfirmDialog, DataTable, formatUptime, PanelSection, QueryState, useConfirm, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { memcachedApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Instance = Schemas['MemcachedInstance'];
type Setting = { name: string; value: string };

/** What the running instance reports (version, uptime, items, the settings in effect) and flushing it after a confirmation. */
export function MemcachedInstance() {
  const host = useManagedHost();
  const { t } = useT();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const query = memcachedApi.useGetMemcachedInstanceQuery(args, { pollingInterval: 15_000, skipPollingIfUnfocused: true });
  const [flush] = memcachedApi.useFlushMemcachedMutation();
  return (
    <PanelSection id="memcached-instance-title" title={t('instance.title')}>
      <QueryState query={query}>
        {(instance) => (
          <InstanceView
            instance={instance}
            onFlush={async () => {
              const r = await flush(args);
              if (r.error !== undefined) return host.notifyFailure(r.error);
              host.notify('success', t('instance.flushed', { count: r.data.itemsRemoved }));
              void query.refetch();
            }}
          />
        )}
      </QueryState>
    </PanelSection>
  );
}

/** The instance as it reports itself, and the flush button with its confirmation (`onFlush` runs once confirmed). */
export function InstanceView({ instance, onFlush }: { instance: Instance; onFlush(): Promise<void> }) {
  const { t, language: lang } = useT();
  const confirm = useConfirm<true>();
  if (!instance.running) return <Typography>{t('instance.notRunning')}</Typography>;
  const settings: Setting[] = Object.entries(instance.settings ?? {}).map(([name, value]) => ({ name, value: String(value) }));
  return (
    <Stack spacing={2}>
      <Typography data-testid="memcached-instance-summary">
        {t('instance.summary', { version: instance.version, uptime: formatUptime(instance.uptimeSeconds ?? 0, lang), count: instance.items ?? 0 })}
      </Typography>
      <DataTable<Setting>
        rows={settings}
        rowKey={(s) => s.name}
        caption={t('instance.caption')}
        testId="memcached-settings-in-effect"
        columns={[
          { id: 'name', label: t('instance.name'), render: (s) => <code>{s.name}</code>, sortValue: (s) => s.name },
          { id: 'value', label: t('instance.value'), render: (s) => s.value },
        ]}
      />
      <div>
        <WriteButton variant="outlined" color="error" onClick={() => confirm.ask(true)}>
          {t('instance.flush')}
        </WriteButton>
      </div>
      <ConfirmDialog
        {...confirm.dialog}
        title={t('instance.confirmTitle')}
        text={t('instance.confirmText')}
        confirm={t('instance.flush')}
        onConfirm={() => confirm.run(onFlush)}
      />
    </Stack>
  );
}
