import BackupIcon from '@mui/icons-material/Backup';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, errorMessageOf, formatDateTime, ResourcePage, useConfirm, useManagedHost, useServerEvent } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { backupsApi, backupsClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { backupPlanResource } from '../generated/resources.ts';
import type { Plan, Restore, Run, Snapshot } from './model.ts';
import { RestoreCard } from './RestoresPanel.tsx';
import { RunsPanel } from './RunsPanel.tsx';
import { SnapshotsPanel } from './SnapshotsPanel.tsx';

/**
 * The section's start page: the plans (the SDK's resource page, with schedule, retention, last backup and when each
 * plan was last proven restorable, "back up now" and "test restore now"), the running runs live over socket.io,
 * the open restores (compare, promote, discard) and the snapshots (restore as a copy, or in place after confirmation).
 */
export function BackupsPage() {
  const { t, i18n } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const overview = backupsApi.useGetBackupsOverviewQuery(args);
  const snapshots = backupsApi.useListBackupSnapshotsQuery(args);
  const plans = backupsApi.useListBackupPlansQuery(args).data?.data ?? [];
  const [startBackup] = backupsApi.useStartBackupMutation();
  const [verify] = backupsApi.useVerifyBackupPlanMutation();
  const [createRestore] = backupsApi.useCreateBackupRestoreMutation();
  const [promote] = backupsApi.usePromoteBackupRestoreMutation();
  const [discard] = backupsApi.useDiscardBackupRestoreMutation();
  // Runs as the events tell them (newer than the overview's answer until it is fetched again).
  const [live, setLive] = useState<Record<number, Run>>({});
  useServerEvent('backups.run', (run) => {
    setLive((l) => ({ ...l, [run.id]: run }));
    if (run.status === 'succeeded' || run.status === 'failed') {
      void overview.refetch();
      void snapshots.refetch();
    }
  });
  const statusOf = (planId: number) => overview.data?.plans.find((p) => p.planId === planId);
  const runs = [...(overview.data?.running ?? []).filter((r) => !live[r.id]), ...Object.values(live)].sort((a, b) => b.id - a.id).slice(0, 5);
  const planOf = (id: number) => plans.find((p) => p.id === id);
  const inPlaceText = (plan: Plan | undefined, id: string) =>
    plan?.kind === 'database' ? t('restore.inPlaceTextDatabase', { name: plan.database, id }) : t('restore.inPlaceText', { path: plan?.path ?? '', id });
  const promoteText = (plan: Plan | undefined) => (plan?.kind === 'database' ? t('restore.promoteTextDatabase', { name: plan.database }) : t('restore.promoteText', { path: plan?.path ?? '' }));
  const language = i18n.language;
  const when = (iso: string | null | undefined) => (iso ? formatDateTime(iso, language, { compact: true }) : t('list.never'));

  const inPlace = useConfirm<Snapshot>();
  const promoting = useConfirm<Restore>();
  const discarding = useConfirm<Restore>();
  const refused = (r: { error?: unknown }) => (r.error ? errorMessageOf(r.error) : undefined);
  const track = (r: { data?: unknown; error?: unknown }) => {
    const run = r.data as Partial<Run> | undefined;
    if (run?.kind && run.id) setLive((l) => ({ ...l, [run.id!]: run as Run }));
    void overview.refetch();
    return refused(r);
  };
  const restore = async (s: Snapshot, mode: 'copy' | 'in_place') =>
    track(await createRestore({ ...args, body: { planId: s.planId!, snapshotId: s.id, mode, ...(mode === 'in_place' ? { confirm: true } : {}) } }));

  return (
    <Stack spacing={3}>
      <ResourcePage<Plan, { data: Plan[]; total: number }>
        resource={backupPlanResource}
        api={backupsApi}
        client={backupsClient}
        table={{
          columns: [
            { id: 'name', label: t('list.columns.name'), sortValue: (p) => p.name, render: (p) => <strong>{p.name}</strong> },
            { id: 'path', label: t('list.columns.path'), sortValue: (p) => p.path || p.database, render: (p) => (p.kind === 'database' ? t('list.database', { name: p.database }) : <code>{p.path}</code>) },
            {
              id: 'schedule',
              label: t('list.columns.schedule'),
              render: (p) => (
                <>
                  {t(`form.options.schedule.${p.schedule}`)}
                  {p.nextRun && (
                    <Typography variant="body2" color="text.secondary">
                      {t('list.next', { at: when(p.nextRun) })}
                    </Typography>
                  )}
                </>
              ),
            },
            { id: 'retention', label: t('list.columns.retention'), sortValue: (p) => p.retentionDays, render: (p) => t('list.days', { count: p.retentionDays }) },
            {
              id: 'lastBackup',
              label: t('list.columns.lastBackup'),
              render: (p) => {
                const last = statusOf(p.id)?.lastBackup;
                if (!last) return t('list.never');
                if (last.status === 'failed') return `${when(last.createdAt)} (${t('list.failed')})`;
                return last.status === 'succeeded' ? when(last.finishedAt) : t('list.running');
              },
            },
            { id: 'proven', label: t('list.columns.proven'), render: (p) => <span data-testid={`backups-proven-${p.id}`}>{when(statusOf(p.id)?.lastProven)}</span> },
          ],
          actions: (p) => (
            <>
              <Tooltip title={t('list.backupNow', { name: p.name })}>
                <IconButton aria-label={t('list.backupNow', { name: p.name })} onClick={async () => track(await startBackup({ ...args, planId: p.id }))}>
                  <BackupIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('list.verifyNow', { name: p.name })}>
                <IconButton aria-label={t('list.verifyNow', { name: p.name })} onClick={async () => track(await verify({ ...args, planId: p.id }))}>
                  <FactCheckIcon />
                </IconButton>
              </Tooltip>
            </>
          ),
        }}
      >
        <RunsPanel runs={runs} plans={plans} />
        {(overview.data?.restores ?? []).map((r) => (
          <RestoreCard key={r.id} restore={r} plan={planOf(r.planId)} onPromote={() => promoting.ask(r)} onDiscard={() => discarding.ask(r)} />
        ))}
        <SnapshotsPanel query={snapshots} plans={plans} onRestore={(s, mode) => (mode === 'copy' ? void restore(s, 'copy') : inPlace.ask(s))} />
      </ResourcePage>
      <ConfirmDialog
        {...inPlace.dialog}
        title={t('restore.inPlaceTitle')}
        text={inPlace.item ? inPlaceText(planOf(inPlace.item.planId ?? 0), inPlace.item.shortId) : ''}
        confirm={t('restore.inPlaceConfirm')}
        color="error"
        onConfirm={() => inPlace.run((s) => restore(s, 'in_place'))}
      />
      <ConfirmDialog
        {...promoting.dialog}
        title={t('restore.promoteTitle')}
        text={promoting.item ? promoteText(planOf(promoting.item.planId)) : ''}
        confirm={t('restore.promote')}
        color="warning"
        onConfirm={() => promoting.run(async (r) => track(await promote({ ...args, restoreId: r.id })))}
      />
      <ConfirmDialog
        {...discarding.dialog}
        title={t('restore.discardTitle')}
        text={discarding.item?.copyDatabase ? t('restore.discardTextDatabase') : t('restore.discardText')}
        confirm={t('restore.discard')}
        onConfirm={() => discarding.run(async (r) => track(await discard({ ...args, restoreId: r.id })))}
      />
    </Stack>
  );
}
