import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { mysqlClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { DatabasesPanel, SlowQueriesPanel, UsersPanel } from './Accounts.tsx';
import { RestoresPanel } from './Restores.tsx';

/**
 * The section's page: the config family's settings page (header with undo, the running apply, the form from the
 * contract's fields, the rendered files) with the databases, the users, the restores of a database as a copy and the slowest statements below the form.
 */
function MysqlPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={mysqlClient} intro={t('intro')}>
      <DatabasesPanel />
      <UsersPanel />
      <RestoresPanel />
      <SlowQueriesPanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: MysqlPage }] });
