import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { rabbitmqClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { PermissionsPanel, UsersPanel, VhostsPanel } from './Accounts.tsx';
import { FiguresPanel, QueuesPanel } from './Broker.tsx';
import { BindingsPanel, ExchangesPanel, PoliciesPanel } from './Routing.tsx';

/**
 * The section's page: the config family's settings page (header with undo, the running apply, the form from the
 * contract's fields, the rendered files) with virtual hosts, users, permissions, policies, exchanges, bindings, queues and live figures below it.
 */
function RabbitmqPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={rabbitmqClient} intro={t('intro')}>
      <VhostsPanel />
      <UsersPanel />
      <PermissionsPanel />
      <PoliciesPanel />
      <ExchangesPanel />
      <BindingsPanel />
      <QueuesPanel />
      <FiguresPanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: RabbitmqPage }] });
