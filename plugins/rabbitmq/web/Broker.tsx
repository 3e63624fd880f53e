import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Schemas } from '@portal/openapi';
import { useState } from 'react';
import { DataTable, PanelSection, QueryState, StatsPanel, statsRefreshMs, useManagedHost, useStatsView } from '@portal/plugin-sdk/web';
import { rabbitmqApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Queue = Schemas['RabbitmqQueue'];

const decimal = (language: string) => (v: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(v);

/** The queues of the running broker (all or one virtual host) with messages, consumers and rates, read every 5 s while open. */
export function QueuesPanel() {
  const { t, language } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const [vhost, setVhost] = useState('');
  const vhosts = rabbitmqApi.useListRabbitmqVhostsQuery(args);
  const query = rabbitmqApi.useListRabbitmqQueuesQuery({ ...args, query: vhost ? { vhost } : {} }, { pollingInterval: 5000, skipPollingIfUnfocused: true });
  const rate = (v: number | null) => (v === null ? '–' : decimal(language)(v));
  return (
    <PanelSection id="rabbitmq-queues-title" title={t('queues.title')}>
      <TextField id="rabbitmq-queues-vhost" select label={t('queues.filter')} value={vhost} size="small" sx={{ maxWidth: 240 }} onChange={(e) => setVhost(e.target.value)}>
        <MenuItem value="">{t('queues.all')}</MenuItem>
        {(vhosts.data?.data ?? []).map((v) => (
          <MenuItem key={v.name} value={v.name}>
            {v.name}
          </MenuItem>
        ))}
      </TextField>
      <QueryState query={query}>
        {(answer) =>
          answer.running ? (
            <DataTable<Queue>
              rows={answer.data}
              rowKey={(q) => `${q.vhost}/${q.name}`}
              caption={t('queues.caption')}
              testId="rabbitmq-queues"
              empty={t('queues.empty')}
              columns={[
                { id: 'vhost', label: t('queues.vhost'), render: (q) => q.vhost, sortValue: (q) => q.vhost },
                { id: 'name', label: t('queues.name'), render: (q) => q.name, sortValue: (q) => q.name },
                { id: 'type', label: t('queues.type'), render: (q) => q.type },
                { id: 'messages', label: t('queues.messages'), align: 'right', render: (q) => q.messages, sortValue: (q) => q.messages },
                { id: 'ready', label: t('queues.ready'), align: 'right', render: (q) => q.messagesReady, sortValue: (q) => q.messagesReady },
                { id: 'unacked', label: t('queues.unacked'), align: 'right', render: (q) => q.messagesUnacknowledged, sortValue: (q) => q.messagesUnacknowledged },
                { id: 'consumers', label: t('queues.consumers'), align: 'right', render: (q) => q.consumers, sortValue: (q) => q.consumers },
                { id: 'policy', label: t('queues.policy'), render: (q) => q.policy ?? '–' },
                { id: 'publishRate', label: t('queues.publishRate'), align: 'right', render: (q) => rate(q.publishRate) },
                { id: 'deliverRate', label: t('queues.deliverRate'), align: 'right', render: (q) => rate(q.deliverRate) },
              ]}
            />
          ) : (
            <Alert severity="info">{t('queues.notRunning')}</Alert>
          )
        }
      </QueryState>
    </PanelSection>
  );
}

/** The live figures of the broker's overview and their history: the stats family's panel with RabbitMQ's figures. */
export function FiguresPanel() {
  const { t, language } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const view = useStatsView();
  const [watch] = rabbitmqApi.useWatchRabbitmqMutation();
  const history = rabbitmqApi.useGetRabbitmqStatsQuery({ ...args, query: { range: view.range } }, { pollingInterval: statsRefreshMs[view.range], skipPollingIfUnfocused: true });
  return (
    <PanelSection id="rabbitmq-figures-title" title={t('figures.title')}>
      <StatsPanel
        view={view}
        history={history}
        figures={[
          { id: 'messagesReady', label: t('figures.messagesReady'), format: 'count' },
          { id: 'messagesUnacknowledged', label: t('figures.messagesUnacknowledged'), format: 'count' },
          { id: 'publishPerSecond', label: t('figures.publishPerSecond'), format: decimal(language) },
          { id: 'deliverPerSecond', label: t('figures.deliverPerSecond'), format: decimal(language) },
          { id: 'connections', label: t('figures.connections'), format: 'count' },
          { id: 'consumers', label: t('figures.consumers'), format: 'count' },
          { id: 'memoryBytes', label: t('figures.memoryBytes'), format: 'bytes' },
        ]}
        watch={async () => {
          const r = await watch(args);
          return r.data ?? null;
        }}
      />
    </PanelSection>
  );
}
