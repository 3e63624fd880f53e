import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { InvitationDetails } from '../../api/invitations';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

/** What an invitation offers: who invites whom to manage which customer or administrate which cluster, and until when. */
export function InvitationSummary({ invitation }: { invitation: InvitationDetails }) {
  const { t, i18n } = useTranslation('invitations');
  const values = {
    inviter: invitation.invitedBy ? `${invitation.invitedBy.firstname} ${invitation.invitedBy.surname}` : t('summary.someone'),
    company: invitation.customer.company,
    number: invitation.customer.number,
    cluster: invitation.cluster?.number ?? '',
    name: invitation.cluster?.name ?? '',
    email: invitation.email,
  };
  return (
    <Box data-testid="invitation-summary">
      <Typography sx={{ mb: 1 }}>
        <Trans t={t} i18nKey={`summary.${invitation.role}`} values={values} components={{ strong: <strong /> }} />
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {t('summary.validUntil', {
          date: new Intl.DateTimeFormat(i18n.language, { timeZone: userTimeZone(), dateStyle: 'long', timeStyle: 'short' }).format(new Date(invitation.expiresAt)),
        })}
      </Typography>
    </Box>
  );
}
