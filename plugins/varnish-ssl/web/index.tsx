import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { varnishSslClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';

/** The section's page: the settings form from the contract's fields, the apply, the rendered file (the SDK's). */
function SettingsPage() {
  const { t } = useT();
  return <ConfigSettingsPage config={config} client={varnishSslClient} intro={t('intro')} />;
}

export default defineWebPlugin({ routes: [{ path: '', Component: SettingsPage }] });
