import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Consent } from './analytics';

/**
 * The analytics consent banner (issue 31, §7 R7.019): shown only when analytics is configured and the user has not
 * answered yet. A labelled region at the bottom, not a modal (the page stays usable, §4's session monitor knows it by
 * `data-consent-banner`); both answers are equally prominent; it fits a 375 px phone.
 */
export function ConsentBanner({ onAnswer }: { onAnswer: (consent: Consent) => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      data-consent-banner
      component="section"
      role="region"
      aria-labelledby="consent-title"
      elevation={6}
      square
      sx={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: (theme) => theme.zIndex.snackbar, p: { xs: 2, sm: 3 }, borderTop: 1, borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, maxWidth: 'lg', mx: 'auto' }}>
        <div style={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h2" id="consent-title">
            {t('consent.title')}
          </Typography>
          <Typography variant="body2">{t('consent.text')}</Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button variant="outlined" onClick={() => onAnswer('declined')}>
            {t('consent.decline')}
          </Button>
          <Button variant="contained" onClick={() => onAnswer('accepted')}>
            {t('consent.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
