import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { profilerClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { ProfilesPanel, RunPanel, SitesPanel } from './Panels.tsx';

/**
 * The section's page: the settings (the config family's form, apply, files), the sites, "profile now", the profiles.
 * `?profile=<id>` opens a profile (shop-performance links its reports' slowest URLs to theirs).
 */
function ProfilerPage() {
  const { t } = useT();
  const [search] = useSearchParams();
  const linked = search.get('profile');
  const [shown, setShown] = useState<string | null>(linked && /^[a-z0-9][a-z0-9-]{0,63}$/.test(linked) ? linked : null);
  return (
    <ConfigSettingsPage config={config} client={profilerClient} intro={t('intro')}>
      <SitesPanel />
      <RunPanel onShow={setShown} />
      <ProfilesPanel shown={shown} onShow={setShown} />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: ProfilerPage }] });
