import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useT } from '../generated/i18n.ts';
import type { Plan, Run } from './model.ts';

const stages: Run['stage'][] = ['queued', 'repository', 'safety', 'backup', 'forget', 'restore', 'compare', 'promote', 'check', 'done'];

/** The runs of the server that are queued or running, each with its stage (live from `backups.run`), and the ones that just ended. */
export function RunsPanel({ runs, plans }: { runs: Run[]; plans: Plan[] }) {
  const { t } = useT();
  if (runs.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="backups-runs">
      {runs.map((r) => {
        const values = { kind: t(`run.kind.${r.kind}`), plan: plans.find((p) => p.id === r.planId)?.name ?? `#${r.planId}` };
        const ended = r.status === 'succeeded' || r.status === 'failed';
        return (
          <Alert
            key={r.id}
            severity={r.status === 'failed' ? 'error' : r.status === 'succeeded' ? 'success' : 'info'}
            data-testid={`backups-run-${r.id}`}
            data-status={r.status}
            aria-live="polite"
          >
            <strong>{t(r.status === 'failed' ? 'run.failedTitle' : ended ? 'run.done' : 'run.title', values)}</strong> — {t(`run.stage.${r.stage}`)}
            {r.error && ` (${r.error})`}
            {!ended && (
              <LinearProgress
                variant="determinate"
                value={(100 * stages.indexOf(r.stage)) / (stages.length - 1)}
                sx={{ mt: 1 }}
                aria-label={t(`run.stage.${r.stage}`)}
              />
            )}
          </Alert>
        );
      })}
    </Stack>
  );
}
