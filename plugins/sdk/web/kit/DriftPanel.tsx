import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedJob } from '../events.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { WriteButton } from './WriteButton.tsx';

export interface DriftPanelProps {
  /** A job that stopped with `job.drift` (its `drift` lists the files). */
  job: ManagedJob;
  /** Applies anyway, replacing the server's edits shown here (`useApply().overwrite`). */
  onOverwrite: () => Promise<unknown> | void;
  /** Records the server's files as the applied version (`useApply().keep`). */
  onKeep: () => Promise<unknown> | void;
}

/** Whether the user kept the server's version of a drifted job (its log says so). */
export const driftKept = (job: ManagedJob) => job.log.some((l) => l.message === 'job.driftKept');

/**
 * Files someone changed on the server (issue 24 §2): the diff of each, and the two choices, each asked
 * again in a dialog. Nothing is overwritten without the user's "overwrite".
 */
export function DriftPanel({ job, onOverwrite, onKeep }: DriftPanelProps) {
  const { t } = useTranslation('sdk');
  const id = useId();
  const [asking, setAsking] = useState<'overwrite' | 'keep'>();
  const files = job.drift?.files ?? [];
  if (driftKept(job)) return <Alert severity="success">{t('drift.kept')}</Alert>;
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid="drift-panel" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" id={`${id}-title`}>
        {t('drift.title')}
      </Typography>
      <Typography variant="body2">{t('drift.intro')}</Typography>
      {files.map((f, i) => (
        <Box key={f.path} sx={{ minWidth: 0 }}>
          <Typography variant="body2" id={`${id}-file-${i}`} sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {f.path}
            {f.found === null ? ` (${t('drift.removed')})` : ''}
          </Typography>
          {/* Focusable so that keyboard users can scroll a long diff. */}
          <Box
            component="pre"
            tabIndex={0}
            role="region"
            aria-label={t('drift.file', { path: f.path })}
            sx={{ m: 0, p: 1, maxHeight: 240, overflow: 'auto', fontSize: 12, bgcolor: 'action.hover', borderRadius: 1, '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
          >
            {f.diff}
          </Box>
        </Box>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <WriteButton variant="contained" color="warning" size="small" onClick={() => setAsking('overwrite')}>
          {t('drift.overwrite')}
        </WriteButton>
        <WriteButton variant="outlined" size="small" onClick={() => setAsking('keep')}>
          {t('drift.keep')}
        </WriteButton>
      </Stack>
      <ConfirmDialog
        open={asking === 'overwrite'}
        title={t('drift.overwriteTitle')}
        text={t('drift.overwriteText', { paths: files.map((f) => f.path).join(', ') })}
        confirm={t('drift.overwrite')}
        color="warning"
        onConfirm={async () => {
          await onOverwrite();
          setAsking(undefined);
        }}
        onClose={() => setAsking(undefined)}
      />
      <ConfirmDialog
        open={asking === 'keep'}
        title={t('drift.keepTitle')}
        text={t('drift.keepText')}
        confirm={t('drift.keep')}
        color="primary"
        onConfirm={async () => {
          await onKeep();
          setAsking(undefined);
        }}
        onClose={() => setAsking(undefined)}
      />
    </Box>
  );
}
