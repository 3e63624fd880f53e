import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { apiError } from '../../api/baseApi';
import {
  useChangeClusterTerminationMutation,
  useCreateClusterTerminationMutation,
  useGetClusterContractQuery,
  useGetClusterTerminationQuery,
  useUpdateClusterTerminationMutation,
  type ClusterContract,
  type ClusterTermination,
  type TerminationInput,
} from '../../api/contracts';
import { translateFieldMessage } from '../../forms/submitErrors';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { callErrorMessage, notifySuccess } from '../../ui/notify';
import NotFoundPage from '../NotFoundPage';
import { BackToContracts, LoadError } from './ContractDetailPage';
import { CostPreviewBox } from './CostPreviewBox';
import { Facts } from './Facts';
import { useBillingFormat } from './format';

const reasons = ['price', 'performance', 'support', 'features', 'migration', 'project_ended', 'other'] as const;

type Mode = 'create' | 'show' | 'edit';

/**
 * §2 cluster termination routes: `/contracts/{id}/cluster/termination` (create), `.../termination/show`
 * and `.../termination/{terminationId}` (show with edit, abort, confirm), `.../termination/{terminationId}/edit`.
 */
export default function ClusterTerminationPage({ mode }: { mode: Mode }) {
  const { contractId, terminationId } = useParams();
  const id = Number(contractId);
  const { t } = useTranslation('billing');
  const contract = useGetClusterContractQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const state = useGetClusterTerminationQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  useDocumentTitle(contract.data ? t('termination.title', { number: contract.data.number }) : t('contracts.title'));
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  if (contract.isLoading || state.isLoading)
    return (
      <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        <Skeleton height={48} width="40%" />
        <Skeleton height={200} />
      </Box>
    );
  if (contract.error || !contract.data || state.error || !state.data) return <LoadError error={contract.error ?? state.error} fallback={t('cluster.error')} />;
  const termination = state.data.termination;
  const c = contract.data;
  if (mode === 'create') {
    if (termination) return <Navigate to={`/contracts/${id}/cluster/termination/${termination.id}`} replace />;
    if (!c.mayTerminate) return <Refusal contract={c} message={c.role === 'manager' ? t('termination.notTerminable') : t('termination.managersOnly')} />;
    return <TerminationForm contract={c} options={state.data.options} />;
  }
  // A termination that is not the current one (aborted, or an old link): §8 "termination not found: reload".
  if (!termination || (terminationId && Number(terminationId) !== termination.id))
    return <Refusal contract={c} message={termination ? t('termination_not_found', { ns: 'errors' }) : t('termination.none')} severity={termination ? 'error' : 'info'} />;
  if (mode === 'edit') {
    if (termination.status !== 'in_termination') return <Navigate to={`/contracts/${id}/cluster/termination/${termination.id}`} replace />;
    return <TerminationForm contract={c} options={state.data.options} termination={termination} />;
  }
  return <TerminationView contract={c} termination={termination} />;
}

function Refusal({ contract, message, severity = 'warning' }: { contract: ClusterContract; message: string; severity?: 'warning' | 'error' | 'info' }) {
  const { t } = useTranslation('billing');
  return (
    <Box>
      <BackToContracts />
      <Typography variant="h1" gutterBottom>
        {t('termination.title', { number: contract.number })}
      </Typography>
      <Alert severity={severity}>{message}</Alert>
    </Box>
  );
}

type Dates = { endOfTerm: string; shutdownOn: string; deletionOn: string };

function TerminationForm({ contract: c, options, termination }: { contract: ClusterContract; options: Dates[]; termination?: ClusterTermination }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [create, created] = useCreateClusterTerminationMutation();
  const [update, updated] = useUpdateClusterTerminationMutation();
  // An edited termination keeps its end of term even if it is no longer among today's choices.
  const choices = termination && !options.some((o) => o.endOfTerm === termination.endOfTerm) ? [termination as Dates, ...options] : options;
  const [endOfTerm, setEndOfTerm] = useState(termination?.endOfTerm ?? options[0]?.endOfTerm ?? '');
  const [reason, setReason] = useState<string>(termination?.reason ?? '');
  const [reasonText, setReasonText] = useState(termination?.reasonText ?? '');
  const [confirmed, setConfirmed] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const dates = choices.find((o) => o.endOfTerm === endOfTerm);
  const busy = created.isLoading || updated.isLoading;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setFormError(undefined);
    if (!confirmed) {
      setFields({ confirmed: t('termination_confirmation_required', { ns: 'errors' }) });
      return;
    }
    const body: TerminationInput = { endOfTerm, reason: (reason || null) as TerminationInput['reason'], reasonText: reasonText.trim() || null, confirmed };
    const result = termination ? await update({ contractId: c.id, terminationId: termination.id, body }) : await create({ contractId: c.id, body });
    if ('error' in result) {
      const err = apiError(result.error);
      if (err?.fields) setFields(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [k, translateFieldMessage(v[0])])));
      else setFormError(callErrorMessage(result.error));
      return;
    }
    dispatch(notifySuccess(termination ? 'billing:termination.updated' : 'billing:termination.created'));
    navigate(`/contracts/${c.id}/cluster/termination/${result.data.id}`);
  };

  return (
    <Box>
      <BackToContracts />
      <Typography variant="h1" gutterBottom>
        {t(termination ? 'termination.editTitle' : 'termination.createTitle', { number: c.number })}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }} component="form" onSubmit={submit} noValidate aria-label={t(termination ? 'termination.editTitle' : 'termination.createTitle', { number: c.number })}>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            id="termination-end-of-term"
            label={t('termination.endOfTerm')}
            value={endOfTerm}
            onChange={(e) => {
              setEndOfTerm(e.target.value);
              setConfirmed(false);
            }}
            error={!!fields.endOfTerm}
            helperText={fields.endOfTerm}
          >
            {choices.map((o) => (
              <MenuItem key={o.endOfTerm} value={o.endOfTerm}>
                {f.day(o.endOfTerm)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select id="termination-reason" label={t('termination.reason')} value={reason} onChange={(e) => setReason(e.target.value)} error={!!fields.reason} helperText={fields.reason}>
            <MenuItem value="">{t('termination.noReason')}</MenuItem>
            {reasons.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`termination.reasons.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="termination-reason-text"
            label={t('termination.reasonText')}
            value={reasonText}
            onChange={(e) => setReasonText(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            error={!!fields.reasonText}
            helperText={fields.reasonText}
          />
          {dates && <CostPreviewBox contractId={c.id} input={{ kind: 'termination', endOfTerm: dates.endOfTerm }} />}
          {dates && (
            <Box>
              <FormControlLabel
                control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} name="confirmed" />}
                label={t('termination.confirmText', { name: c.name, number: c.number, endOfTerm: f.day(dates.endOfTerm), shutdownOn: f.day(dates.shutdownOn), deletionOn: f.day(dates.deletionOn) })}
              />
              {fields.confirmed && <FormHelperText error>{fields.confirmed}</FormHelperText>}
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {t(termination ? 'termination.save' : 'termination.submit')}
          </Button>
          <Button component={RouterLink} to={termination ? `/contracts/${c.id}/cluster/termination/${termination.id}` : `/contracts/cluster/${c.id}`}>
            {t('termination.cancel')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

function TerminationView({ contract: c, termination: tm }: { contract: ClusterContract; termination: ClusterTermination }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [change, changing] = useChangeClusterTerminationMutation();
  const [ask, setAsk] = useState<'abort' | 'confirm'>();
  const [error, setError] = useState<string>();
  const open = tm.status === 'in_termination' && c.role === 'manager';

  const run = async (action: 'abort' | 'confirm') => {
    setAsk(undefined);
    setError(undefined);
    const result = await change({ contractId: c.id, terminationId: tm.id, action });
    if ('error' in result) {
      setError(callErrorMessage(result.error));
      return;
    }
    dispatch(notifySuccess(action === 'abort' ? 'billing:termination.aborted' : 'billing:termination.confirmedNotice'));
    if (action === 'abort') navigate(`/contracts/cluster/${c.id}`);
  };

  return (
    <Box>
      <BackToContracts />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h1" sx={{ flexGrow: 1, mb: 0 }}>
          {t('termination.title', { number: c.number })}
        </Typography>
        <Chip variant="outlined" color={tm.status === 'confirmed' ? 'info' : 'warning'} label={t(`termination.status.${tm.status}`)} data-testid="termination-status" />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ maxWidth: 720 }}>
        <Facts
          title={`${c.name} (${c.number})`}
          rows={[
            [t('termination.endOfTerm'), f.day(tm.endOfTerm)],
            [t('termination.shutdownOn'), f.day(tm.shutdownOn)],
            [t('termination.deletionOn'), f.day(tm.deletionOn)],
            [t('termination.reason'), tm.reason ? t(`termination.reasons.${tm.reason}`) : t('termination.noReason')],
            ...(tm.reasonText ? [[t('termination.reasonText'), tm.reasonText] as [string, string]] : []),
            [t('termination.createdAt'), f.dateTime(tm.createdAt)],
            ...(tm.confirmedAt ? [[t('termination.confirmedAt'), f.dateTime(tm.confirmedAt)] as [string, string]] : []),
          ]}
        />
      </Box>
      {open && (
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={`/contracts/${c.id}/cluster/termination/${tm.id}/edit`}>
            {t('termination.edit')}
          </Button>
          <Button variant="outlined" onClick={() => setAsk('abort')} disabled={changing.isLoading}>
            {t('termination.abort')}
          </Button>
          <Button variant="contained" color="error" onClick={() => setAsk('confirm')} disabled={changing.isLoading}>
            {t('termination.confirm')}
          </Button>
        </Box>
      )}
      <Dialog open={!!ask} onClose={() => setAsk(undefined)} aria-labelledby="termination-dialog-title">
        <DialogTitle id="termination-dialog-title">{ask === 'abort' ? t('termination.abort') : t('termination.confirm')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{ask === 'abort' ? t('termination.abortQuestion') : t('termination.confirmQuestion')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsk(undefined)}>{t('termination.cancel')}</Button>
          <Button variant="contained" color={ask === 'confirm' ? 'error' : 'primary'} onClick={() => ask && void run(ask)}>
            {ask === 'abort' ? t('termination.abort') : t('termination.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
