import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApplyProgress, useManagedJob, type ManagedJob } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';

/** The running (or just finished) apply job of this section, with its progress and outcome. */
export function JobBanner({ jobId, onFinished, onClose }: { jobId: number; onFinished: (job: ManagedJob) => void; onClose: () => void }) {
  const job = useManagedJob(jobId);
  const done = job?.status === 'succeeded' || job?.status === 'failed';
  const { t } = useTranslation(['ssh', 'common']);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t(done ? 'apply.titleDone' : 'apply.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={1}>
          <Typography variant="subtitle2">{t(done ? 'apply.titleDone' : 'apply.title')}</Typography>
          <ApplyProgress jobId={jobId} onFinished={onFinished} />
        </Stack>
        <IconButton aria-label={t('common:close')} onClick={onClose} size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}
