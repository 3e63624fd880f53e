import type { Schemas } from '@portal/openapi';
import { SecretOnceDialog } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

type Created = Schemas['FtpUserCreated'];

/** An account's generated password, shown once (after create or renew). */
export function PasswordDialog({ created, onClose }: { created: Created | undefined; onClose(): void }) {
  const { t } = useT();
  return (
    <SecretOnceDialog
      id="ftp-password"
      value={created?.password}
      title={t('password.title', { login: created?.user.login ?? '' })}
      text={t('password.text')}
      label={t('password.label')}
      closeLabel={t('password.close')}
      onClose={onClose}
    />
  );
}
