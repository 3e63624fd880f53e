import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { protectionClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { BansPanel, EventsPanel, JailsPanel, WafPanel } from './Panels.tsx';

/** The section's page: the allow list (the config family's form, apply, files), the jails, the bans, the WAF and its events. */
function ProtectionPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={protectionClient} intro={t('intro')}>
      <JailsPanel />
      <BansPanel />
      <WafPanel />
      <EventsPanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: ProtectionPage }] });
