import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { Trans, useTranslation } from 'react-i18next';
import { support, supportLinks } from '../ui/notify';

/**
 * §8: a failed call as a danger alert in the page, with the support phone, the e-mail address and a
 * mailto link. Renders nothing for 401 (the login modal takes over) or without an error.
 */
export function CallErrorAlert({ error, message, onClose }: { error: unknown; message: string; onClose?: () => void }) {
  const { t } = useTranslation('common');
  const status = (error as { status?: number | string } | undefined)?.status;
  if (!error || status === 401) return null;
  return (
    <Alert severity="error" role="alert" onClose={onClose} data-alert-type="danger">
      {message}{' '}
      <Trans
        t={t}
        i18nKey="supportContact"
        values={{ phone: support.phone, email: support.email }}
        components={{ phone: <Link href={supportLinks.tel} color="inherit" />, mail: <Link href={supportLinks.mailto} color="inherit" /> }}
      />
    </Alert>
  );
}
