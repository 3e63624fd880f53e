import type { Schemas } from '@portal/openapi';
import { SecretOnceDialog } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

/** A mailbox's generated password, shown once (after create or renew). */
export function PasswordDialog({ created, onClose }: { created: Schemas['MailboxCreated'] | undefined; onClose(): void }) {
  const { t } = useT();
  return (
    <SecretOnceDialog
      id="email-password"
      value={created?.password}
      title={t('password.title', { address: created?.mailbox.address ?? '' })}
      text={t('password.text')}
      label={t('password.label')}
      closeLabel={t('password.close')}
      onClose={onClose}
    />
  );
}
