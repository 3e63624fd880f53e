import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteCustomerInvitationMutation,
  useGetCustomerTeamQuery,
  useRemoveClusterAdministratorMutation,
  useRemoveCustomerManagerMutation,
  useResendCustomerInvitationMutation,
} from '../../api/customers';
import { useAppDispatch } from '../../store';
import { callFailed, notifySuccess } from '../../ui/notify';
import { EmailAddress } from '../../ui/EmailAddress';
import { InviteDialog } from './InviteDialog';
import { userTimeZone } from '@portal/plugin-sdk/web/format';

type Removal =
  | { kind: 'manager'; userId: number; name: string }
  | { kind: 'administrator'; userId: number; name: string; clusterId: number; cluster: string }
  // Deleting an invitation is confirmed too (issue 31, finding 9): its link stops working at once.
  | { kind: 'invitation'; invitationId: number; email: string };

const dateFormat = (language: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { timeZone: userTimeZone(), dateStyle: 'medium' });

/** Columns that give way to a line in another cell on narrow screens. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Narrow screens: the e-mail under the name instead of a column of its own. */
function EmailUnderName({ email }: { email: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
      <EmailAddress email={email} />
    </Typography>
  );
}

/** §2 Administrators and managers: managers, administrators per cluster, open invitations; invite, resend, delete, remove (§5 rules on the server). */
export function TeamSection({ customerId }: { customerId: number }) {
  const { t, i18n } = useTranslation(['customers', 'common']);
  const dispatch = useAppDispatch();
  const { data: team, isLoading, isError } = useGetCustomerTeamQuery(customerId);
  const [inviting, setInviting] = useState(false);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removeManager, managerState] = useRemoveCustomerManagerMutation();
  const [removeAdministrator, administratorState] = useRemoveClusterAdministratorMutation();
  const [resend] = useResendCustomerInvitationMutation();
  const [deleteInvitation, invitationState] = useDeleteCustomerInvitationMutation();

  const failed = (error: unknown) => {
    const notice = callFailed(error);
    if (notice) dispatch(notice);
  };
  const confirmRemoval = async (r: Removal) => {
    const result =
      r.kind === 'invitation'
        ? await deleteInvitation({ customerId, invitationId: r.invitationId })
        : r.kind === 'manager'
          ? await removeManager({ customerId, userId: r.userId })
          : await removeAdministrator({ customerId, clusterId: r.clusterId, userId: r.userId });
    setRemoval(null);
    if ('error' in result) return failed(result.error);
    dispatch(r.kind === 'invitation' ? notifySuccess('customers:team.invitationDeleted', { email: r.email }) : notifySuccess(`customers:team.removed.${r.kind}`, { name: r.name }));
  };

  if (isLoading)
    return (
      <Box role="status" aria-busy="true" aria-label={t('common:loading')}>
        <Skeleton height={120} />
      </Box>
    );
  if (isError || !team) return <Alert severity="error">{t('team.loadError')}</Alert>;

  const heading = (id: string, text: string) => (
    <Typography variant="h4" component="h3" id={id} sx={{ mt: 3, mb: 1, fontSize: '1.1rem' }}>
      {text}
    </Typography>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="team-heading">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h3" component="h2" id="team-heading" sx={{ flexGrow: 1 }}>
          {t('team.title')}
        </Typography>
        <Button variant="contained" onClick={() => setInviting(true)}>
          {t('team.invite')}
        </Button>
      </Box>

      {heading('managers-heading', t('team.managers'))}
      <TableContainer>
        <Table size="small" aria-labelledby="managers-heading">
          <TableHead>
            <TableRow>
              <TableCell>{t('team.name')}</TableCell>
              <TableCell sx={wide}>{t('team.email')}</TableCell>
              <TableCell>{t('team.status')}</TableCell>
              <TableCell align="right">{t('team.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {team.managers.map((m) => (
              <TableRow key={m.id} data-testid={`manager-${m.email}`}>
                <TableCell>
                  {m.firstname} {m.surname}
                  <EmailUnderName email={m.email} />
                </TableCell>
                <TableCell sx={wide}>
                  <EmailAddress email={m.email} />
                </TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    <Chip size="small" label={m.active ? t('team.active') : t('team.inactive')} color={m.active ? 'success' : 'default'} variant="outlined" />
                    {m.contactPerson && <Chip size="small" label={t('team.contactPerson')} variant="outlined" />}
                  </Box>
                </TableCell>
                <TableCell align="right">
                  <Button size="small" color="error" onClick={() => setRemoval({ kind: 'manager', userId: m.id, name: `${m.firstname} ${m.surname}` })}>
                    {t('team.remove')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>

      {heading('administrators-heading', t('team.administrators'))}
      {team.clusters.length === 0 ? (
        <Typography color="text.secondary">{t('team.noClusters')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="administrators-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('team.cluster')}</TableCell>
                <TableCell>{t('team.name')}</TableCell>
                <TableCell sx={wide}>{t('team.email')}</TableCell>
                <TableCell align="right">{t('team.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {team.clusters.flatMap((c) =>
                c.administrators.length === 0
                  ? [
                      <TableRow key={`c-${c.id}`}>
                        <TableCell>
                          {c.number} {c.name}
                        </TableCell>
                        <TableCell colSpan={3}>
                          <Typography color="text.secondary" variant="body2">
                            {t('team.noAdministrators')}
                          </Typography>
                        </TableCell>
                      </TableRow>,
                    ]
                  : c.administrators.map((a) => (
                      <TableRow key={`${c.id}-${a.id}`} data-testid={`administrator-${c.number}-${a.email}`}>
                        <TableCell>
                          {c.number} {c.name}
                        </TableCell>
                        <TableCell>
                          {a.firstname} {a.surname}
                          {a.alsoManager && <Chip size="small" sx={{ ml: 1 }} label={t('team.alsoManager')} variant="outlined" />}
                          <EmailUnderName email={a.email} />
                        </TableCell>
                        <TableCell sx={wide}>
                          <EmailAddress email={a.email} />
                        </TableCell>
                        <TableCell align="right">
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setRemoval({ kind: 'administrator', userId: a.id, name: `${a.firstname} ${a.surname}`, clusterId: c.id, cluster: `${c.number} ${c.name}` })}
                          >
                            {t('team.remove')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    )),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {heading('invitations-heading', t('team.invitations'))}
      {team.invitations.length === 0 ? (
        <Typography color="text.secondary" data-testid="invitations-empty">
          {t('team.noInvitations')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="invitations-heading">
            <TableHead>
              <TableRow>
                <TableCell>{t('team.email')}</TableCell>
                <TableCell>{t('team.role')}</TableCell>
                <TableCell sx={wide}>{t('team.validUntil')}</TableCell>
                <TableCell align="right">{t('team.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {team.invitations.map((i) => (
                <TableRow key={i.id} data-testid={`invitation-${i.email}`}>
                  <TableCell>
                    <EmailAddress email={i.email} />
                  </TableCell>
                  <TableCell>
                    {t(`team.roles.${i.role}`)}
                    {i.cluster && ` · ${i.cluster.number} ${i.cluster.name}`}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {t('team.validUntil')} {dateFormat(i18n.language).format(new Date(i.expiresAt))}
                    </Typography>
                  </TableCell>
                  <TableCell sx={wide}>{dateFormat(i18n.language).format(new Date(i.expiresAt))}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={async () => {
                        const r = await resend({ customerId, invitationId: i.id });
                        if ('error' in r) failed(r.error);
                        else dispatch(notifySuccess('customers:team.resent', { email: i.email }));
                      }}
                    >
                      {t('team.resend')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRemoval({ kind: 'invitation', invitationId: i.id, email: i.email })}
                    >
                      {t('team.deleteInvitation')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {inviting && <InviteDialog customerId={customerId} clusters={team.clusters} open onClose={() => setInviting(false)} />}
      <Dialog open={!!removal} onClose={() => setRemoval(null)} aria-labelledby="remove-title" aria-describedby="remove-text" maxWidth="sm" fullWidth>
        <DialogTitle id="remove-title">{removal && t(`team.confirmRemove.${removal.kind}.title`, removal)}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-text">{removal && t(`team.confirmRemove.${removal.kind}.text`, removal)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoval(null)}>{t('common:cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={managerState.isLoading || administratorState.isLoading || invitationState.isLoading}
            onClick={() => removal && void confirmRemoval(removal)}
          >
            {removal?.kind === 'invitation' ? t('team.deleteInvitation') : t('team.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
