import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { postfixClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { QueuePanel, RelayPasswordPanel } from './Panels.tsx';

/** The section's page: the MTA settings (the config family's form, apply, files), the relay password, the queue. */
function PostfixPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={postfixClient} intro={t('intro')}>
      <RelayPasswordPanel />
      <QueuePanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: PostfixPage }] });
