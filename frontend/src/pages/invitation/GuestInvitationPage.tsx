import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toLoginPage } from '../../auth/loginHandOff';
import { useShowInvitationQuery } from '../../api/invitations';
import { RegistrationForm } from '../registration/RegistrationForm';
import { DeclineButton } from './DeclineButton';
import { InvitationFrame } from './InvitationFrame';
import { linkErrorMessage, linkFromParams, signedInLinkPath } from './invitationLink';
import { InvitationSummary } from './InvitationSummary';

/**
 * `/invitation/{token}/{email}` for visitors who are not signed in (§2): the invitation, and either the
 * form that sets a password and accepts, or (when the address has an account) sign in to accept; or decline.
 */
export default function GuestInvitationPage() {
  const { t } = useTranslation('invitations');
  const link = linkFromParams(useParams());
  const [declined, setDeclined] = useState(false);
  // Accepted by registering: the invitation is used, no second lookup (a 404) while the dashboard loads.
  const [registered, setRegistered] = useState(false);
  const { data: invitation, error, isLoading } = useShowInvitationQuery(link!, { skip: !link || declined || registered });
  const title = t('guest.title');
  if (declined)
    return (
      <InvitationFrame title={title}>
        <Alert severity="info" role="status">
          {t('decline.done')}
        </Alert>
      </InvitationFrame>
    );
  if (!link || error)
    return (
      <InvitationFrame title={title}>
        <Alert severity="error" role="alert" data-testid="invitation-invalid">
          {linkErrorMessage(link ? error : null)}
        </Alert>
        <Button href="/a/login" sx={{ mt: 2 }}>
          {t('toLogin')}
        </Button>
      </InvitationFrame>
    );
  return (
    <InvitationFrame title={title} loading={isLoading || !invitation}>
      {invitation && (
        <Stack spacing={3}>
          <InvitationSummary invitation={invitation} />
          {invitation.accountExists ? (
            <>
              <Alert severity="info">{t('guest.accountExists', { email: invitation.email })}</Alert>
              <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <DeclineButton link={link} onDeclined={() => setDeclined(true)} />
                <Button
                  variant="contained"
                  onClick={() => toLoginPage({ from: signedInLinkPath(link, invitation.role, invitation.id) }, { replace: false })}
                >
                  {t('guest.loginToAccept')}
                </Button>
              </Stack>
            </>
          ) : (
            <>
              <Alert severity="info">{t('guest.setPassword')}</Alert>
              <RegistrationForm
                link={link}
                invitation={invitation}
                submitLabel={t('guest.accept')}
                onRegistered={() => setRegistered(true)}
                extraActions={<DeclineButton link={link} onDeclined={() => setDeclined(true)} />}
              />
            </>
          )}
        </Stack>
      )}
    </InvitationFrame>
  );
}
