import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApplyProgress, useManagedJob } from '../ApplyProgress.tsx';
import type { ManagedJob } from '../events.ts';
import { DriftPanel } from './DriftPanel.tsx';

export interface ApplyBannerProps {
  jobId: number;
  /** Runs once when the job ended (`useApply(...).finished` reloads the plugin's data). */
  onFinished?: (job: ManagedJob) => void;
  onClose: () => void;
  /** Heading while the job runs / after it ended (default: the SDK's). */
  title?: (job: ManagedJob | undefined, done: boolean) => string;
  /** Extra content after the job ended (e.g. the validation tool's output). */
  renderDone?: (job: ManagedJob) => ReactNode;
  testId?: string;
  /** Offered when the job could not reach the server (`job.unreachable`): applies the kept change again. */
  onRetry?: () => void;
  /** Offered when the job found files changed on the server (`job.drift`): apply anyway, replacing them. */
  onOverwrite?: (job: ManagedJob) => Promise<unknown> | void;
  /** Offered with `onOverwrite`: keep the server's files as the applied version. */
  onKeep?: (job: ManagedJob) => Promise<unknown> | void;
}

/** The running (or just finished) apply or rollback job of a section: progress, outcome, a close button. */
export function ApplyBanner({ jobId, onFinished, onClose, title, renderDone, testId, onRetry, onOverwrite, onKeep }: ApplyBannerProps) {
  const { t } = useTranslation('sdk');
  const id = useId();
  const job = useManagedJob(jobId);
  const [ended, setEnded] = useState<ManagedJob>();
  const done = job?.status === 'succeeded' || job?.status === 'failed';
  const heading = title?.(job, done) ?? t(done ? 'apply.done' : 'apply.running');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={1}>
          <Typography variant="subtitle2" id={`${id}-title`}>
            {heading}
          </Typography>
          <ApplyProgress
            jobId={jobId}
            onFinished={(j) => {
              setEnded(j);
              onFinished?.(j);
            }}
          />
          {ended && renderDone?.(ended)}
          {job?.status === 'failed' && job.validation?.output === 'job.drift' && job.drift && onOverwrite && onKeep && (
            <DriftPanel job={job} onOverwrite={() => onOverwrite(job)} onKeep={() => onKeep(job)} />
          )}
          {ended?.status === 'failed' && ended.validation?.output === 'job.unreachable' && onRetry && (
            <Box>
              <Button variant="outlined" size="small" onClick={onRetry}>
                {t('apply.retry')}
              </Button>
            </Box>
          )}
        </Stack>
        <IconButton aria-label={t('apply.close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/** The banner of the job `useApply` follows (nothing when it follows none). */
export function ApplyJobBanner({
  apply,
  onFinished,
  ...rest
}: Omit<ApplyBannerProps, 'jobId' | 'onClose'> & {
  apply: {
    jobId: number | undefined;
    dismiss(): void;
    finished(job?: ManagedJob): void;
    retry?(): Promise<void>;
    overwrite?(job: ManagedJob): Promise<void>;
    keep?(job: ManagedJob): Promise<void>;
  };
}) {
  if (!apply.jobId) return null;
  return (
    <ApplyBanner
      key={apply.jobId}
      jobId={apply.jobId}
      onClose={apply.dismiss}
      onRetry={apply.retry ? () => void apply.retry!() : undefined}
      onOverwrite={apply.overwrite ? (job) => apply.overwrite!(job) : undefined}
      onKeep={apply.keep ? (job) => apply.keep!(job) : undefined}
      onFinished={(job) => {
        apply.finished(job);
        onFinished?.(job);
      }}
      {...rest}
    />
  );
}
