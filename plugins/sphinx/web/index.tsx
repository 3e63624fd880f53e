import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { sphinxClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { IndexesPanel, SourcesPanel } from './Indexes.tsx';

/** The section's page: searchd's and indexer's settings (the config family's page), the indexes (with a search to try them) and the sources below. */
function SphinxPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={sphinxClient} intro={t('intro')}>
      <IndexesPanel />
      <SourcesPanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: SphinxPage }] });
