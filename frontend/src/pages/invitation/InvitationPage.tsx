import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useAcceptInvitationMutation, useShowInvitationQuery } from '../../api/invitations';
import { useGetMeQuery } from '../../api/session';
import { useAppDispatch } from '../../store';
import { callFailed, notifyInfo, notifySuccess } from '../../ui/notify';
import { DeclineButton } from './DeclineButton';
import { InvitationFrame } from './InvitationFrame';
import { linkErrorMessage, linkFromParams } from './invitationLink';
import { InvitationSummary } from './InvitationSummary';

/** `/invitation/{type}/{token}/{email}/{id}` for signed-in users (§2): accept or decline an invitation to one's own address. */
export default function InvitationPage() {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const link = linkFromParams(useParams());
  const { data: me } = useGetMeQuery();
  const [done, setDone] = useState(false);
  const { data: invitation, error, isLoading } = useShowInvitationQuery(link!, { skip: !link || done });
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();
  const title = t('invitation.title');
  if (!link || error)
    return (
      <InvitationFrame title={title}>
        <Alert severity="error" role="alert" data-testid="invitation-invalid">
          {linkErrorMessage(link ? error : null)}
        </Alert>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
          {t('toDashboard')}
        </Button>
      </InvitationFrame>
    );
  const otherAddress = !!me && !!invitation && me.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <InvitationFrame title={title} loading={isLoading || !invitation || !me}>
      {invitation && me && (
        <Stack spacing={3}>
          <InvitationSummary invitation={invitation} />
          {otherAddress ? (
            <>
              <Alert severity="warning">{t('invitation.otherAddress', { email: invitation.email, me: me.email })}</Alert>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button component={RouterLink} to="/">
                  {t('toDashboard')}
                </Button>
                <Button variant="contained" component={RouterLink} to="/logout">
                  {t('invitation.logout')}
                </Button>
              </Stack>
            </>
          ) : (
            <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <DeclineButton
                link={link}
                onDeclined={() => {
                  setDone(true);
                  dispatch(notifyInfo('invitations:decline.done'));
                  navigate('/', { replace: true });
                }}
              />
              <Button
                variant="contained"
                disabled={accepting}
                onClick={async () => {
                  const result = await accept(link);
                  if ('error' in result) {
                    const notice = callFailed(result.error);
                    if (notice) dispatch(notice);
                    return;
                  }
                  setDone(true);
                  dispatch(notifySuccess(`invitations:accepted.${invitation.role}`, { company: invitation.customer.company, cluster: invitation.cluster?.number ?? '' }));
                  navigate('/', { replace: true });
                }}
              >
                {t('invitation.accept')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </InvitationFrame>
  );
}
