import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { collectErrors, requiredMessage } from '../../forms/validators';
import { useAppDispatch } from '../../store';
import { callFailed, notifySuccess } from '../../ui/notify';
import { EmailAddress } from '../../ui/EmailAddress';
import { PartnerFrame, usePartnerSelection } from './PartnerFrame';
import { useAddPartnerUserMutation, useListPartnerUsersQuery, useRemovePartnerUserMutation, type PartnerUsers } from './partnerApi';

/** §2 authorised users (route `/partner/users/{partnerId?}`): the partner's managers and authorised users; add and remove authorised users. */
export default function AuthorizedUsersPage() {
  const { t } = useTranslation('partner');
  const { partnerId } = useParams();
  const selection = usePartnerSelection(partnerId);
  return (
    <PartnerFrame screen="users" title={t('users.title')} selection={selection}>
      {(partner) => partner && <AuthorizedUsers partnerId={partner.id} />}
    </PartnerFrame>
  );
}

type Member = PartnerUsers['data'][number];

const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

function AuthorizedUsers({ partnerId }: { partnerId: number }) {
  const { t } = useTranslation('partner');
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useListPartnerUsersQuery(partnerId);
  const [adding, setAdding] = useState(false);
  const [removal, setRemoval] = useState<Member | null>(null);
  const [remove, removeState] = useRemovePartnerUserMutation();
  const confirmRemoval = async (m: Member) => {
    const result = await remove({ partnerId, userId: m.id });
    setRemoval(null);
    if ('error' in result) {
      const notice = callFailed(result.error);
      if (notice) dispatch(notice);
      return;
    }
    dispatch(notifySuccess('partner:users.removed', { name: `${m.firstname} ${m.surname}` }));
  };
  if (isLoading) return <Skeleton variant="rounded" height={200} role="status" aria-label={t('loading', { ns: 'common' })} />;
  if (isError || !data) return <Alert severity="error">{t('loadError')}</Alert>;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography sx={{ flex: '1 1 260px' }} color="text.secondary">
          {t('users.intro')}
        </Typography>
        {data.mayManage && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} disabled={!data.candidates.length}>
            {t('users.add')}
          </Button>
        )}
      </Box>
      {data.mayManage && !data.candidates.length && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('users.noCandidates')}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t('users.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={wideOnly}>{t('users.email')}</TableCell>
              <TableCell>{t('users.name')}</TableCell>
              <TableCell>{t('users.role')}</TableCell>
              {data.mayManage && <TableCell align="right">{t('users.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.data.map((m) => (
              <TableRow key={m.id} data-user={m.email}>
                <TableCell sx={wideOnly}>
                  <EmailAddress email={m.email} />
                </TableCell>
                <TableCell>
                  {m.firstname} {m.surname}
                  {/* Narrow screens: the e-mail under the name instead of a column of its own. */}
                  <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                    <EmailAddress email={m.email} />
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" color={m.role === 'manager' ? 'primary' : 'default'} label={t(`users.roles.${m.role}`)} />
                </TableCell>
                {data.mayManage && (
                  <TableCell align="right">
                    {m.role === 'authorized' ? (
                      <IconButton aria-label={t('users.removeOf', { name: `${m.firstname} ${m.surname}` })} onClick={() => setRemoval(m)}>
                        <DeleteIcon />
                      </IconButton>
                    ) : (
                      <Tooltip title={t('users.managerStays')}>
                        <Typography variant="caption" color="text.secondary">
                          {t('users.managerStaysShort')}
                        </Typography>
                      </Tooltip>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {adding && <AddDialog partnerId={partnerId} candidates={data.candidates} onClose={() => setAdding(false)} />}
      <Dialog open={!!removal} onClose={() => setRemoval(null)} aria-labelledby="remove-partner-user-title" aria-describedby="remove-partner-user-text" maxWidth="sm" fullWidth>
        <DialogTitle id="remove-partner-user-title">{t('users.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-partner-user-text">{removal && t('users.confirmText', { name: `${removal.firstname} ${removal.surname}`, email: removal.email })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoval(null)}>{t('cancel', { ns: 'common' })}</Button>
          <Button color="error" variant="contained" disabled={removeState.isLoading} onClick={() => removal && void confirmRemoval(removal)}>
            {t('users.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function AddDialog({ partnerId, candidates, onClose }: { partnerId: number; candidates: PartnerUsers['candidates']; onClose: () => void }) {
  const { t } = useTranslation('partner');
  const dispatch = useAppDispatch();
  const [add] = useAddPartnerUserMutation();
  const onSubmit = async (v: { email: string }) => {
    const result = await add({ partnerId, email: v.email });
    if ('error' in result) return submitErrors(result.error);
    dispatch(notifySuccess('partner:users.added', { email: v.email }));
    onClose();
    return undefined;
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-partner-user-title" maxWidth="sm" fullWidth>
      <Form<{ email: string }> initialValues={{ email: '' }} validate={(v) => collectErrors({ email: requiredMessage(v.email) })} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="add-partner-user-title">{t('users.addTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <DialogContentText>{t('users.addText')}</DialogContentText>
                {submitError && (
                  <Alert severity="error" role="alert">
                    {submitError}
                  </Alert>
                )}
                <FormTextField name="email" select label={t('users.manager')} required>
                  {candidates.map((c) => (
                    <MenuItem key={c.id} value={c.email}>
                      {c.firstname} {c.surname} ({c.email})
                    </MenuItem>
                  ))}
                </FormTextField>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('users.addSubmit')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}
