import Paper from '@mui/material/Paper';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DemoModulePage } from './DemoModulePage';
import { demoModules, isDemoModule } from './modules';

/** The title of a demo module page (R2.097) in the user's language, or undefined for an unknown section. */
export const demoModuleTitle = (id: string): string | undefined => (isDemoModule(id) ? i18next.t(`demo:module.titles.${id}`) : undefined);

/** Demo mode: the Managed Center modules the server has no plugin for, each a link to its title page. */
export function DemoModuleNav({ base, have, current }: { base: string; have: string[]; current: string }) {
  const { t } = useTranslation('demo');
  const missing = demoModules.filter((m) => !have.includes(m));
  return (
    <Paper variant="outlined" component="nav" aria-labelledby="demo-modules-heading">
      <Typography id="demo-modules-heading" variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5, color: 'text.secondary' }}>
        {t('nav.more')}
      </Typography>
      <List dense data-testid="demo-modules-nav">
        {missing.map((m) => (
          <ListItem key={m} disablePadding>
            <ListItemButton component={RouterLink} to={`${base}/${m}`} selected={current === m} aria-current={current === m ? 'page' : undefined}>
              <ListItemText primary={t(`module.titles.${m}`)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

export function DemoModuleRoute({ id }: { id: string }) {
  return isDemoModule(id) ? <DemoModulePage id={id} /> : null;
}
