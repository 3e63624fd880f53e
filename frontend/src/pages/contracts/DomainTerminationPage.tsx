import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { apiError } from '../../api/baseApi';
import { useCreateDomainTerminationMutation, useGetDomainContractQuery, type DomainContract } from '../../api/contracts';
import { translateFieldMessage } from '../../forms/submitErrors';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useAppDispatch } from '../../store';
import { callErrorMessage, notifySuccess } from '../../ui/notify';
import NotFoundPage from '../NotFoundPage';
import { LoadError } from './ContractDetailPage';
import { DomainAuthCode } from './DomainAuthCode';
import { Facts } from './Facts';
import { useBillingFormat } from './format';

/**
 * §2 `/contracts/{id}/domain/termination` (R2.016, R2.101): terminate a domain with a confirmation
 * checkbox (R5.038), effective at the end of the registration period; afterwards the auth code (R4.017).
 * `.co.uk`/`.uk` domains are terminated manually (R5.030).
 */
export default function DomainTerminationPage() {
  const { contractId } = useParams();
  const id = Number(contractId);
  const valid = Number.isInteger(id) && id > 0;
  const { t } = useTranslation('billing');
  const { data, error, isLoading } = useGetDomainContractQuery(id, { skip: !valid });
  useDocumentTitle(data ? t('domainTermination.title', { domain: data.domain }) : t('contracts.title'));
  if (!valid) return <NotFoundPage />;
  if (isLoading)
    return (
      <Box role="status" aria-busy="true" aria-label={t('loading', { ns: 'common' })}>
        <Skeleton height={48} width="40%" />
        <Skeleton height={200} />
      </Box>
    );
  if (error || !data) return <LoadError error={error} fallback={t('cluster.error')} />;
  return <DomainTermination contract={data} />;
}

export function DomainTermination({ contract: d }: { contract: DomainContract }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  return (
    <Box>
      <Button component={RouterLink} to={`/contracts/domain/${d.id}`} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {t('domainTermination.backToContract')}
      </Button>
      <Typography variant="h1" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {t('domainTermination.title', { domain: d.domain })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
        {d.manualTermination ? (
          <Alert severity="info">{t('domain.manual')}</Alert>
        ) : d.mayTerminate ? (
          <TerminationForm contract={d} />
        ) : d.terminationOn ? (
          <>
            <Alert severity={d.status === 'terminated' ? 'success' : 'info'} data-testid="domain-termination-state">
              {d.status === 'terminated' ? t('domainTermination.effective') : t('domainTermination.pending', { date: f.day(d.terminationOn) })}
            </Alert>
            <Facts
              title={t('domain.domain')}
              rows={[
                [t('domain.domain'), d.domain],
                [t('domainTermination.effectiveOn'), f.day(d.terminationOn)],
                ...(d.terminationRequestedAt ? [[t('domain.terminationRequestedAt'), f.dateTime(d.terminationRequestedAt)] as [string, string]] : []),
              ]}
            />
            <DomainAuthCode contract={d} />
          </>
        ) : (
          <Alert severity="warning">{t('domainTermination.notTerminable', { status: t(`status.${d.status}`) })}</Alert>
        )}
      </Box>
    </Box>
  );
}

function TerminationForm({ contract: d }: { contract: DomainContract }) {
  const { t } = useTranslation('billing');
  const f = useBillingFormat();
  const dispatch = useAppDispatch();
  const [create, created] = useCreateDomainTerminationMutation();
  const [confirmed, setConfirmed] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFieldError(undefined);
    setFormError(undefined);
    if (!confirmed) {
      setFieldError(t('domain_termination_confirmation_required', { ns: 'errors' }));
      return;
    }
    const result = await create({ contractId: d.id, confirmed });
    if ('error' in result) {
      const err = apiError(result.error);
      if (err?.fields?.confirmed) setFieldError(translateFieldMessage(err.fields.confirmed[0]));
      else setFormError(callErrorMessage(result.error));
      return;
    }
    dispatch(notifySuccess('billing:domainTermination.created'));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate aria-label={t('domainTermination.title', { domain: d.domain })}>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Typography sx={{ mb: 2 }}>{t('domainTermination.intro')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, 40%) 1fr' }, columnGap: 2, rowGap: 1, m: 0, mb: 2 }}>
        <Box component="dt" sx={{ color: 'text.secondary' }}>
          {t('domain.registrationEnds')}
        </Box>
        <Box component="dd" sx={{ m: 0 }}>
          {f.day(d.registrationEndsOn)}
        </Box>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} name="confirmed" slotProps={{ input: { 'aria-describedby': fieldError ? 'domain-termination-confirmed-error' : undefined } }} />}
        label={t('domainTermination.confirmText', { domain: d.domain, number: d.number, date: f.day(d.registrationEndsOn) })}
      />
      {fieldError && (
        <FormHelperText error id="domain-termination-confirmed-error">
          {fieldError}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" color="error" disabled={created.isLoading}>
          {t('domainTermination.submit')}
        </Button>
        <Button component={RouterLink} to={`/contracts/domain/${d.id}`}>
          {t('domainTermination.cancel')}
        </Button>
      </Box>
    </Paper>
  );
}
