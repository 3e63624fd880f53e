/**
 * The section: every server of the cluster with its services (one table per server, each asking that server's
 * gateway), the actions with their confirmations — stop asks once, stop of a database a second time with the
 * service's name typed — and the cluster's history.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ConfirmDialog, EmptyState, PanelSection, QueryState, useManagedHost } from '@portal/plugin-sdk/web';
import { clusterControlApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { HistoryTable } from './HistoryTable.tsx';
import { ServiceTable, type Action, type ServiceRow } from './ServiceTable.tsx';

interface Pending {
  serverId: number;
  serverName: string;
  service: ServiceRow;
  action: Action;
}
type Result = { severity: 'success' | 'warning' | 'error'; message: string; output: string };

export function ClusterControlPage() {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const servers = clusterControlApi.useListClusterControlServersQuery(args);
  const history = clusterControlApi.useListClusterControlHistoryQuery(args);
  const [run] = clusterControlApi.useRunClusterControlActionMutation();
  const [busy, setBusy] = useState<string>();
  const [result, setResult] = useState<Result>();
  const [confirm, setConfirm] = useState<{ pending: Pending; step: 'stop' | 'database' }>();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  /** Per server: how many actions ended there (its table asks for the states again). */
  const [ended, setEnded] = useState<Record<number, number>>({});

  const execute = async (p: Pending) => {
    setBusy(`${p.serverId}:${p.service.id}`);
    setResult(undefined);
    try {
      const r = await run({ clusterId: host.cluster.id, serverId: p.serverId, service: p.service.id, body: { action: p.action } }).unwrap();
      const severity = r.outcome === 'succeeded' ? 'success' : r.outcome === 'refused' ? 'warning' : 'error';
      setResult({
        severity,
        message: t(`result.${r.outcome}`, { action: t(`action.${r.action}`), service: `${r.service} (${r.serverName})` }),
        output: r.outcome === 'succeeded' ? '' : r.output,
      });
    } catch (e) {
      host.notifyFailure(e);
    } finally {
      setBusy(undefined);
      setEnded((e) => ({ ...e, [p.serverId]: (e[p.serverId] ?? 0) + 1 }));
      void history.refetch();
    }
  };
  const ask = (p: Pending) => (p.action === 'stop' ? setConfirm({ pending: p, step: 'stop' }) : void execute(p));
  const close = () => {
    setConfirm(undefined);
    setTyped('');
    setMismatch(false);
  };
  const pending = confirm?.pending;
  const names = pending && { service: pending.service.id, server: pending.serverName };

  return (
    <Stack spacing={3}>
      <Typography>{t('intro')}</Typography>
      {result && (
        <Alert severity={result.severity} role="status" onClose={() => setResult(undefined)} data-testid="cluster-control-result">
          {result.message}
          {result.output && (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0, mt: 1, fontSize: '0.8rem' }}>
              {result.output}
            </Box>
          )}
        </Alert>
      )}
      <QueryState query={servers} isEmpty={(d) => d.data.length === 0} empty={<EmptyState title={t('servers.empty')} />}>
        {(d) =>
          d.data.map((s) => (
            <PanelSection key={s.id} id={`cluster-control-server-${s.id}`} title={s.name}>
              <ServerServices
                clusterId={host.cluster.id}
                serverId={s.id}
                serverName={s.name}
                busy={busy}
                ended={ended[s.id] ?? 0}
                onAction={ask}
              />
            </PanelSection>
          ))
        }
      </QueryState>
      <PanelSection id="cluster-control-history-title" title={t('history.title')}>
        <QueryState query={history}>{(d) => <HistoryTable rows={d.data} />}</QueryState>
      </PanelSection>
      <ConfirmDialog
        open={confirm?.step === 'stop'}
        title={names ? t('confirm.stopTitle', names) : ''}
        text={names ? t('confirm.stopText', names) : ''}
        confirm={t('confirm.stop')}
        onClose={close}
        onConfirm={async () => {
          if (!pending) return;
          if (pending.service.database) return void setConfirm({ pending, step: 'database' });
          close();
          await execute(pending);
        }}
      />
      <ConfirmDialog
        open={confirm?.step === 'database'}
        title={names ? t('confirm.databaseTitle', names) : ''}
        text={names ? t('confirm.databaseText', names) : ''}
        confirm={t('confirm.stop')}
        onClose={close}
        onConfirm={async () => {
          if (!pending) return;
          // A wrong name keeps the dialog open with the field's message (the user may type again).
          if (typed.trim() !== pending.service.id) return void setMismatch(true);
          close();
          await execute(pending);
        }}
      >
        <TextField
          sx={{ mt: 2 }}
          fullWidth
          label={t('confirm.databaseLabel')}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setMismatch(false);
          }}
          error={mismatch}
          helperText={mismatch && names ? t('confirm.databaseMismatch', names) : ' '}
          slotProps={{ htmlInput: { maxLength: 64, autoComplete: 'off', 'data-testid': 'cluster-control-type-name' } }}
        />
      </ConfirmDialog>
    </Stack>
  );
}

/** One server's services, asked of that server (the portal checks access per server). */
function ServerServices({
  clusterId,
  serverId,
  serverName,
  busy,
  ended,
  onAction,
}: {
  clusterId: number;
  serverId: number;
  serverName: string;
  busy?: string;
  ended: number;
  onAction: (p: Pending) => void;
}) {
  const services = clusterControlApi.useListClusterControlServicesQuery({ clusterId, serverId });
  const busyHere = busy?.startsWith(`${serverId}:`) ? busy.slice(`${serverId}:`.length) : undefined;
  const { refetch } = services;
  useEffect(() => {
    if (ended) void refetch();
  }, [ended, refetch]);
  return (
    <QueryState query={services}>
      {(d) => (
        <ServiceTable
          serverName={serverName}
          services={d.data}
          busy={busyHere}
          onAction={(service, action) => onAction({ serverId, serverName, service, action })}
        />
      )}
    </QueryState>
  );
}
