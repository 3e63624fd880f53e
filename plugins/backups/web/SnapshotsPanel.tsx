import RestoreIcon from '@mui/icons-material/Restore';
import RestorePageIcon from '@mui/icons-material/RestorePage';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataTable, EmptyState, formatDateTime, numberFormats, QueryState, type QueryLike } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';
import type { Plan, Snapshot } from './model.ts';

const units = ['B', 'KB', 'MB', 'GB', 'TB'];
function bytes(n: number, language: string): string {
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${numberFormats(language).decimal2(v)} ${units[u]}`;
}

/** The snapshots of the server's repository with size, files and duration; restore as a copy or in place. */
export function SnapshotsPanel({
  query,
  plans,
  onRestore,
}: {
  query: QueryLike<{ data: Snapshot[] }>;
  plans: Plan[];
  onRestore: (snapshot: Snapshot, mode: 'copy' | 'in_place') => void;
}) {
  const { t, i18n } = useT();
  const language = i18n.language;
  const planName = (s: Snapshot) => plans.find((p) => p.id === s.planId)?.name ?? '—';
  return (
    <section aria-labelledby="backups-snapshots">
      <Typography variant="h2" id="backups-snapshots" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {t('snapshots.title')}
      </Typography>
      <QueryState query={query}>
        {(answer) => (
          <Paper variant="outlined">
            <DataTable<Snapshot>
              rows={answer.data}
              rowKey={(s) => s.id}
              caption={t('snapshots.caption')}
              testId="backups-snapshots"
              rowProps={(s) => ({ 'data-testid': `backups-snapshot-${s.shortId}` })}
              empty={<EmptyState title={t('snapshots.empty')} hint={t('snapshots.emptyHint')} testId="backups-snapshots-empty" />}
              columns={[
                { id: 'time', label: t('snapshots.columns.time'), sortValue: (s) => s.time, nowrap: true, render: (s) => formatDateTime(s.time, language, { compact: true }) },
                {
                  id: 'plan',
                  label: t('snapshots.columns.plan'),
                  sortValue: planName,
                  render: (s) => (
                    <>
                      {planName(s)} <code>{s.shortId}</code>
                      {s.safety && ` (${t('snapshots.safety')})`}
                    </>
                  ),
                },
                { id: 'size', label: t('snapshots.columns.size'), align: 'right', nowrap: true, sortValue: (s) => s.bytes ?? -1, render: (s) => (s.bytes == null ? '—' : bytes(s.bytes, language)) },
                { id: 'files', label: t('snapshots.columns.files'), align: 'right', sortValue: (s) => s.files ?? -1, render: (s) => (s.files == null ? '—' : numberFormats(language).thousands(s.files)) },
                {
                  id: 'duration',
                  label: t('snapshots.columns.duration'),
                  align: 'right',
                  nowrap: true,
                  sortValue: (s) => s.durationMs ?? -1,
                  render: (s) => (s.durationMs == null ? '—' : t('snapshots.seconds', { value: numberFormats(language).decimal2(s.durationMs / 1000) })),
                },
                {
                  id: 'actions',
                  label: t('snapshots.columns.actions'),
                  hideLabel: true,
                  align: 'right',
                  nowrap: true,
                  render: (s) =>
                    s.planId == null ? null : (
                      <>
                        <Tooltip title={t('snapshots.restoreCopy', { id: s.shortId })}>
                          <IconButton aria-label={t('snapshots.restoreCopy', { id: s.shortId })} onClick={() => onRestore(s, 'copy')}>
                            <RestorePageIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('snapshots.restoreInPlace', { id: s.shortId })}>
                          <IconButton aria-label={t('snapshots.restoreInPlace', { id: s.shortId })} onClick={() => onRestore(s, 'in_place')}>
                            <RestoreIcon />
                          </IconButton>
                        </Tooltip>
                      </>
                    ),
                },
              ]}
            />
          </Paper>
        )}
      </QueryState>
    </section>
  );
}
