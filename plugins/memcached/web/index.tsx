import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { memcachedClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { MemcachedFigures } from './MemcachedFigures.tsx';
import { MemcachedInstance } from './MemcachedInstance.tsx';

/**
 * The section's page: the config family's settings page (header with undo, the running apply, the form from the
 * contract's fields, the rendered options file) with the live figures (the stats family's panel) and what the
 * running instance reports (the settings in effect, flush) below the form.
 */
function MemcachedPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={memcachedClient} intro={t('intro')}>
      <MemcachedFigures />
      <MemcachedInstance />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: MemcachedPage }] });
