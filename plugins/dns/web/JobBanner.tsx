import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyProgress, type ManagedJob } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the check said about the applied zone files (named-checkzone's output), folded (presentational). */
export function CheckOutput({ validation }: { validation: ManagedJob['validation'] }) {
  const { t } = useTranslation('dns');
  const [open, setOpen] = useState(false);
  if (validation?.status !== 'passed' || !validation.output) return null;
  return (
    <Box data-testid="dns-check-output">
      <Typography variant="body2" color="text.secondary">
        {t('apply.checked', { tool: validation.tool ?? 'named-checkzone' })}{' '}
        <Link component="button" type="button" onClick={() => setOpen((o) => !o)} aria-expanded={open} sx={{ verticalAlign: 'baseline' }}>
          {open ? t('apply.hideOutput') : t('apply.showOutput')}
        </Link>
      </Typography>
      {open && (
        <Box component="pre" sx={{ m: 0, mt: 1, p: 1, fontSize: 12, fontFamily: 'monospace', whiteSpace: 'pre-wrap', bgcolor: 'action.hover', borderRadius: 1 }}>
          {validation.output}
        </Box>
      )}
    </Box>
  );
}

/** The running (or just finished) apply or rollback of this section, with its progress and outcome. */
export function JobBanner({ jobId, onFinished, onClose }: { jobId: number; onFinished: (job: ManagedJob) => void; onClose: () => void }) {
  const { t } = useTranslation('dns');
  const [done, setDone] = useState<ManagedJob>();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('apply.title')} data-testid="dns-job">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={1}>
          <Typography variant="subtitle2">{t('apply.title')}</Typography>
          <ApplyProgress
            jobId={jobId}
            onFinished={(job) => {
              setDone(job);
              onFinished(job);
            }}
          />
          {done?.status === 'succeeded' && <CheckOutput validation={done.validation} />}
        </Stack>
        <IconButton aria-label={t('actions.close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}
