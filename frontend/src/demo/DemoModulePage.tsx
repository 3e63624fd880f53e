import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { openDemoContact } from './events';
import type { DemoModule } from './modules';

/** A Managed Center module the portal does not have yet, in demo mode (R2.097): its title and an honest note. */
export function DemoModulePage({ id }: { id: DemoModule }) {
  const { t } = useTranslation('demo');
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="demo-module" data-module={id}>
      <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {t(`module.titles.${id}`)}
      </Typography>
      <Alert severity="info">{t('module.unavailable')}</Alert>
      <Button sx={{ mt: 2 }} variant="outlined" onClick={openDemoContact}>
        {t('module.contact')}
      </Button>
    </Paper>
  );
}
