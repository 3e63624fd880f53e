import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The loading state of a page or a lazily loaded part. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center', py: 8 }}>
      <CircularProgress size={28} aria-hidden />
      <Typography color="text.secondary">{label ?? t('loading')}</Typography>
    </Box>
  );
}
