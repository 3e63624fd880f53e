import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useShowInvitationQuery } from '../../api/invitations';
import { useGetMeQuery } from '../../api/session';
import { useAppSelector } from '../../store';
import { InvitationFrame } from '../invitation/InvitationFrame';
import { linkErrorMessage, linkFromParams, signedInLinkPath } from '../invitation/invitationLink';
import { InvitationSummary } from '../invitation/InvitationSummary';
import { RegistrationForm } from './RegistrationForm';

/** `/registration/{type}/{token}/{email}/{id}` (§2): registration with an invitation token. */
export default function RegistrationPage() {
  const { t } = useTranslation('invitations');
  const link = linkFromParams(useParams());
  const signedInNow = useAppSelector((s) => s.auth.status === 'authenticated');
  const { data: me } = useGetMeQuery(undefined, { skip: !signedInNow });
  // Once registered the invitation is used: no second lookup (it would be a 404) while the dashboard loads.
  const [registered, setRegistered] = useState(false);
  const { data: invitation, error, isLoading } = useShowInvitationQuery(link!, { skip: !link || registered });
  const title = t('registration.title');
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
              <Alert severity="info">{t('registration.accountExists', { email: invitation.email })}</Alert>
              <Button variant="contained" component={RouterLink} to={signedInLinkPath(link, invitation.role, invitation.id)}>
                {t('guest.loginToAccept')}
              </Button>
            </>
          ) : (
            <>
              {me && <Alert severity="warning">{t('registration.signedInAs', { email: me.email, invited: invitation.email })}</Alert>}
              <RegistrationForm link={link} invitation={invitation} submitLabel={t('registration.submit')} onRegistered={() => setRegistered(true)} />
            </>
          )}
        </Stack>
      )}
    </InvitationFrame>
  );
}
