import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { redisClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { AclUsers } from './AclUsers.tsx';
import { RedisFigures } from './RedisFigures.tsx';
import { RedisInstance } from './RedisInstance.tsx';

/**
 * The section's page: the config family's settings page (header with undo, the running apply, the form from the
 * contract's fields, the rendered file) with the ACL users, the live figures (the stats family's panel) and the
 * databases of the running instance (keys per database, flush) below the form.
 */
function RedisPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={redisClient} intro={t('intro')}>
      <AclUsers />
      <RedisFigures />
      <RedisInstance />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({ routes: [{ path: '', Component: RedisPage }] });
