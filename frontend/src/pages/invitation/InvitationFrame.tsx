import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shell/useDocumentTitle';

/** The card the invitation and registration pages sit in. */
export function InvitationFrame({ title, loading, children }: { title: string; loading?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 560 }}>
        <Typography variant="h1" gutterBottom>
          {title}
        </Typography>
        {loading ? (
          <Box role="status" aria-busy="true" aria-label={t('loading')}>
            <Skeleton height={28} />
            <Skeleton height={28} width="70%" />
            <Skeleton height={56} sx={{ mt: 2 }} />
          </Box>
        ) : (
          children
        )}
      </Paper>
    </Box>
  );
}
