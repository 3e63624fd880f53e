import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { useT } from '../generated/i18n.ts';

export type RedisTab = 'default' | 'instances';

/** The section's pages: the default instance (start page: its settings, figures, ACL users, databases) and the instances. */
export function RedisTabs({ tab }: { tab: RedisTab }) {
  const { t } = useT();
  const host = useManagedHost();
  const tabs: RedisTab[] = ['default', 'instances'];
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')}>
        {tabs.map((id) => (
          <Tab
            key={id}
            value={id}
            label={t(`tabs.${id}`)}
            component={RouterLink}
            to={host.sectionPath('redis', id === 'default' ? undefined : id)}
          />
        ))}
      </Tabs>
    </Box>
  );
}
