import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { useT } from '../generated/i18n.ts';

export type TomcatTab = 'applications' | 'instances' | 'settings';

/** The section's pages: the deployed web applications (start page), the instances, the defaults of a new instance. */
export function TomcatTabs({ tab }: { tab: TomcatTab }) {
  const { t } = useT();
  const host = useManagedHost();
  const tabs: TomcatTab[] = ['applications', 'instances', 'settings'];
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')}>
        {tabs.map((id) => (
          <Tab key={id} value={id} label={t(`tabs.${id}`)} component={RouterLink} to={host.sectionPath('tomcat', id === 'applications' ? undefined : id)} />
        ))}
      </Tabs>
    </Box>
  );
}
