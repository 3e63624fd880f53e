import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRenewDomainAuthCodeMutation, type DomainContract } from '../../api/contracts';
import { useAppDispatch } from '../../store';
import { callErrorMessage, notifySuccess } from '../../ui/notify';
import { Facts } from './Facts';
import { useBillingFormat } from './format';

/** The transfer code of a domain (§3, R4.017): visible once the termination is effective, with generated-at, valid-until, an expired state and "request anew". */
export function DomainAuthCode({ contract: d }: { contract: DomainContract }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const dispatch = useAppDispatch();
  const [renew, renewal] = useRenewDomainAuthCodeMutation();
  const a = d.authCode;
  const request = async () => {
    const result = await renew(d.id);
    if (!('error' in result)) dispatch(notifySuccess('billing:domain.authCodeRenewed'));
  };
  return (
    <Facts
      title={t('domain.authCode')}
      rows={
        a
          ? [
              [
                t('domain.authCode'),
                <span key="c" style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
                  <code data-testid="auth-code" style={{ fontSize: '1.05rem', overflowWrap: 'anywhere', textDecoration: a.expired ? 'line-through' : undefined }}>
                    {a.code}
                  </code>
                  <Chip size="small" variant="outlined" color={a.expired ? 'error' : 'success'} label={a.expired ? t('domain.authCodeExpired') : t('domain.authCodeValid')} data-testid="auth-code-state" />
                </span>,
              ],
              [t('domain.authCodeGeneratedAt'), f.dateTime(a.generatedAt)],
              [t('domain.authCodeValidUntil'), f.dateTime(a.validUntil)],
            ]
          : []
      }
    >
      {!a && d.status !== 'terminated' && <Typography color="text.secondary">{t('domain.authCodeHidden')}</Typography>}
      {a?.expired && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {t('domain.authCodeExpiredHint')}
        </Alert>
      )}
      {renewal.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {callErrorMessage(renewal.error)}
        </Alert>
      )}
      {d.status === 'terminated' && (
        <Button variant="outlined" sx={{ mt: 1.5 }} onClick={() => void request()} disabled={renewal.isLoading}>
          {t('domain.authCodeRenew')}
        </Button>
      )}
    </Facts>
  );
}
