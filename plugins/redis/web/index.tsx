import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { redisClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { AclUsers } from './AclUsers.tsx';
import { RedisFigures } from './RedisFigures.tsx';
import { InstanceFormPage, InstancesPage } from './InstancesPage.tsx';
import { RedisInstance } from './RedisInstance.tsx';
import { RedisTabs } from './Tabs.tsx';

/**
 * The section's start page, the `default` instance: the config family's settings page (header with undo, the running
 * apply, the form from the contract's fields, the rendered files) with its ACL users, the live figures (the stats
 * family's panel) and the databases of the running instance (keys per database, flush) below the form. The named
 * instances are on `instances` (list, new, edit with their own ACL users and databases).
 */
function RedisPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={redisClient} intro={t('intro')} nav={<RedisTabs tab="default" />}>
      <AclUsers />
      <RedisFigures />
      <RedisInstance />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: RedisPage },
    { path: 'instances', Component: InstancesPage },
    { path: 'instances/create', Component: InstanceFormPage },
    { path: 'instances/:instanceId', Component: InstanceFormPage },
  ],
});
