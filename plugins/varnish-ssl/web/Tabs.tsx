import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { useT } from '../generated/i18n.ts';

export type VarnishTab = 'config' | 'startparameter' | 'tls' | 'logs';

/** The section's pages (spec §2: varnish config, logs and startparameter; and the TLS front, hitch). */
export function VarnishTabs({ tab }: { tab: VarnishTab }) {
  const { t } = useT();
  const host = useManagedHost();
  const tabs: VarnishTab[] = ['config', 'startparameter', 'tls', 'logs'];
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')}>
        {tabs.map((id) => (
          <Tab key={id} value={id} label={t(`tabs.${id}`)} component={RouterLink} to={host.sectionPath('varnish-ssl', id === 'config' ? undefined : id)} />
        ))}
      </Tabs>
    </Box>
  );
}
