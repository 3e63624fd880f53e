import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Form, FormSpy } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { useListClustersQuery } from '../../../api/clusters';
import { useListCustomerHandlesQuery, useListCustomersQuery, type DomainHandle } from '../../../api/customers';
import { CallErrorAlert } from '../../../forms/CallErrorAlert';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { useBillingFormat } from '../../contracts/format';
import { HandleDialog } from '../../customers/HandleDialog';
import { CheckboxField, RadioField, ThankYou } from '../ClusterOrderWizard';
import { PriceSummary } from '../PriceSummary';
import type { OrderPrice } from '../ordersApi';
import { useWizardState } from '../wizardState';
import { DomainOrderFacts } from './DomainOrderFacts';
import { useCreateDomainOrderMutation, useGetDomainOrderCatalogQuery, useQuoteDomainOrderMutation, type DomainOrderCatalog, type DomainOrderDraft, type DomainOrderStep, type DomainQuote } from './domainOrderApi';
import { WizardStepper } from '../WizardStepper';

/** The steps of the domain order wizard (§2), then the check-order summary. */
const steps = ['customer', 'cluster', 'domain', 'handle', 'order', 'check'] as const;
type WizardStep = (typeof steps)[number];
const isStep = (v: string | null): v is WizardStep => !!v && (steps as readonly string[]).includes(v);
const storageKey = 'portal.orders.domain.wizard';

/** Only what the contract knows, numbers as numbers, no auth code outside a transfer. */
const normalise = (v: DomainOrderDraft): DomainOrderDraft => {
  const num = (x: unknown) => (x === undefined || x === '' || x === null ? undefined : Number(x));
  return {
    customerId: num(v.customerId),
    clusterId: num(v.clusterId),
    domain: v.domain,
    mode: v.mode,
    authCode: v.mode === 'transfer' ? (v.authCode ?? null) : null,
    keepNameservers: !!v.keepNameservers,
    ownerHandleId: num(v.ownerHandleId),
    adminHandleId: num(v.adminHandleId),
    referenceSign: v.referenceSign || null,
    acceptTerms: v.acceptTerms,
  };
};

/** The live price of what is entered (debounced; the server computes it from the price list, §9). */
function useLivePrice(draft: DomainOrderDraft, initial: OrderPrice | null) {
  const [quote] = useQuoteDomainOrderMutation();
  const [price, setPrice] = useState<OrderPrice | null>(initial);
  const key = JSON.stringify(draft);
  useEffect(() => {
    if (!draft.customerId) return;
    const timer = setTimeout(() => {
      quote({ step: 'customer', draft: JSON.parse(key) as DomainOrderDraft })
        .unwrap()
        .then((q) => setPrice(q.price))
        .catch(() => undefined);
    }, 250);
    return () => clearTimeout(timer);
  }, [key, quote, draft.customerId]);
  return price;
}

function HandleSelect({ name, customerId, handles, onCreate }: { name: 'ownerHandleId' | 'adminHandleId'; customerId: number; handles: DomainHandle[]; onCreate: () => void }) {
  const { t } = useTranslation('ordersDomain');
  const label = (h: DomainHandle) => `${h.kind === 'company' && h.company ? h.company : `${h.firstname} ${h.surname}`} (${h.handle})`;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormTextField name={name} id={`domain-${name}`} select label={t(`handle.${name}`)} helperText={t(`handle.${name}Help`)} key={`${customerId}-${handles.length}`}>
        {handles.map((h) => (
          <MenuItem key={h.id} value={h.id}>
            {label(h)}
          </MenuItem>
        ))}
      </FormTextField>
      <Box>
        <Button size="small" onClick={onCreate}>
          {t(`handle.create.${name}`)}
        </Button>
      </Box>
    </Box>
  );
}

function StepFields({ step, catalog, draft, values, setField }: { step: Exclude<WizardStep, 'check'>; catalog: DomainOrderCatalog; draft: DomainOrderDraft; values: DomainOrderDraft; setField: (name: string, value: unknown) => void }) {
  const { t } = useTranslation(['ordersDomain', 'orders', 'errors']);
  const f = useBillingFormat();
  const customers = useListCustomersQuery();
  const clusters = useListClustersQuery({ active: 1, per_page: 100 }, { skip: step !== 'cluster' });
  const handles = useListCustomerHandlesQuery(draft.customerId ?? 0, { skip: step !== 'handle' || !draft.customerId });
  const [creating, setCreating] = useState<'ownerHandleId' | 'adminHandleId' | null>(null);
  switch (step) {
    case 'customer':
      if (customers.isLoading) return <Skeleton height={56} />;
      if (!customers.data?.length) return <Alert severity="info">{t('orders:wizard.customer.none')}</Alert>;
      return (
        <FormTextField name="customerId" id="domain-customerId" select label={t('orders:wizard.customer.label')} helperText={t('orders:wizard.customer.help')}>
          {customers.data.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.company} ({c.number})
            </MenuItem>
          ))}
        </FormTextField>
      );
    case 'cluster': {
      if (clusters.isLoading) return <Skeleton height={56} />;
      const own = (clusters.data?.data ?? []).filter((c) => c.customer.id === draft.customerId && c.status === 'active');
      // §8: no clusters with an active contract for the customer.
      if (!own.length)
        return <Alert severity="info">{t('cluster.none')}</Alert>;
      return (
        <FormTextField name="clusterId" id="domain-clusterId" select label={t('cluster.label')} helperText={t('cluster.help')}>
          {own.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name} ({c.number})
            </MenuItem>
          ))}
        </FormTextField>
      );
    }
    case 'domain':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('domain.help', { max: catalog.labelMax })}</Typography>
          <RadioField name="mode" label={t('domain.mode')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
              {catalog.modes.map((m) => (
                <FormControlLabel key={m} value={m} control={<Radio />} label={t(`mode.${m}`)} />
              ))}
            </Box>
          </RadioField>
          <FormTextField name="domain" id="domain-domain" label={t('domain.label')} placeholder={t('domain.placeholder')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 253, spellCheck: false, autoCapitalize: 'none' } }} />
          {values.mode === 'transfer' && <FormTextField name="authCode" id="domain-authCode" label={t('domain.authCode')} helperText={t('domain.authCodeHelp')} autoComplete="off" slotProps={{ htmlInput: { maxLength: 64 } }} />}
          <CheckboxField name="keepNameservers" label={t('domain.keepNameservers')} />
          <Box component="details">
            <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
              {t('domain.tlds')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="domain-tlds">
              {catalog.tlds.map((x) => `.${x.tld} ${f.money(x.annualFee)}`).join(' · ')}
            </Typography>
          </Box>
        </Box>
      );
    case 'handle': {
      if (handles.isLoading || !draft.customerId) return <Skeleton height={120} />;
      // §8: the owner handles could not be retrieved.
      if (handles.isError) return <Alert severity="error">{t('errors:handle_not_found')}</Alert>;
      const list = handles.data ?? [];
      return (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Typography color="text.secondary">{t('handle.help')}</Typography>
          <HandleSelect name="ownerHandleId" customerId={draft.customerId} handles={list} onCreate={() => setCreating('ownerHandleId')} />
          <HandleSelect name="adminHandleId" customerId={draft.customerId} handles={list} onCreate={() => setCreating('adminHandleId')} />
          {draft.domain?.trim().toLowerCase().endsWith('.se') && <Alert severity="info">{t('handle.seRules')}</Alert>}
          {creating && <HandleDialog customerId={draft.customerId} handle={null} onClose={() => setCreating(null)} onCreated={(h) => setField(creating, h.id)} />}
        </Box>
      );
    }
    case 'order':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('order.help')}</Typography>
          <FormTextField name="referenceSign" id="domain-referenceSign" label={t('orders:wizard.order.referenceSign')} slotProps={{ htmlInput: { maxLength: 255 } }} />
          <CheckboxField name="acceptTerms" label={t('order.acceptTerms')} />
        </Box>
      );
  }
}

/** The check-order summary: the server checks the whole order again and answers what it will store. */
function CheckOrder({ draft, customerLabel, onBack, onSubmit, submitting, error }: { draft: DomainOrderDraft; customerLabel?: string; onBack: () => void; onSubmit: () => void; submitting: boolean; error: unknown }) {
  const { t } = useTranslation(['ordersDomain', 'orders']);
  const [quote] = useQuoteDomainOrderMutation();
  const [summary, setSummary] = useState<DomainQuote | null>(null);
  const clusters = useListClustersQuery({ active: 1, per_page: 100 });
  const handles = useListCustomerHandlesQuery(draft.customerId ?? 0, { skip: !draft.customerId });
  const key = JSON.stringify(draft);
  useEffect(() => {
    quote({ step: 'order', draft: JSON.parse(key) as DomainOrderDraft })
      .unwrap()
      .then(setSummary)
      .catch(() => undefined);
  }, [key, quote]);
  const cluster = clusters.data?.data.find((c) => c.id === draft.clusterId);
  const handle = (id?: number) => {
    const h = handles.data?.find((x) => x.id === id);
    return h ? { handle: h.handle, name: h.kind === 'company' && h.company ? h.company : `${h.firstname} ${h.surname}` } : { handle: '…', name: '…' };
  };
  return (
    <Box data-testid="order-summary">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('orders:wizard.check.help')}
      </Typography>
      {summary?.domain ? (
        <DomainOrderFacts
          customerLabel={customerLabel}
          details={{
            domain: summary.domain.ascii,
            domainUnicode: summary.domain.unicode,
            mode: draft.mode ?? 'register',
            keepNameservers: !!draft.keepNameservers,
            clusterNumber: cluster ? `${cluster.name} (${cluster.number})` : '…',
            owner: handle(draft.ownerHandleId),
            admin: handle(draft.adminHandleId),
            annualFee: summary.domain.annualFee,
            referenceSign: draft.referenceSign ?? null,
          }}
        />
      ) : (
        <Skeleton height={160} />
      )}
      {summary && (
        <Box sx={{ mt: 2, display: { md: 'none' } }}>
          <PriceSummary price={summary.price} />
        </Box>
      )}
      {error ? (
        <Box sx={{ mt: 2 }}>
          <CallErrorAlert error={error} message={t('orders:error')} />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', mt: 3, flexWrap: 'wrap' }}>
        <Button onClick={onBack}>{t('orders:wizard.back')}</Button>
        <Button variant="contained" onClick={onSubmit} disabled={submitting || !summary}>
          {submitting ? t('orders:wizard.submitting') : t('orders:wizard.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/** §2 `/orders/domain`: customer → cluster → domain → handle → order → check order → thank you. */
export default function DomainOrderWizard() {
  const { t } = useTranslation(['ordersDomain', 'orders']);
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const { state, update, reset } = useWizardState<DomainOrderDraft>(storageKey);
  const catalog = useGetDomainOrderCatalogQuery();
  const customers = useListCustomersQuery();
  const [quote] = useQuoteDomainOrderMutation();
  const [createOrder, creation] = useCreateDomainOrderMutation();
  const [liveDraft, setLiveDraft] = useState<DomainOrderDraft>(state.draft);
  const livePrice = useLivePrice(liveDraft, state.price);
  const heading = useRef<HTMLHeadingElement>(null);
  const requested = params.get('step');
  const step: WizardStep | 'done' = requested === 'done' ? 'done' : isStep(requested) ? requested : 'customer';
  const index = step === 'done' ? steps.length : steps.indexOf(step);
  useEffect(() => heading.current?.focus(), [step]);
  useEffect(() => setLiveDraft(state.draft), [state.draft]);

  if (step === 'done') return <ThankYou type="domain" number={params.get('number')} onShown={reset} onAgain={() => setParams({})} />;
  // Deep links reach at most the step after the last one the server accepted.
  if (index > state.reached + 1) return <Navigate to={`/orders/domain?step=${steps[state.reached + 1]}`} replace />;
  const go = (s: WizardStep) => setParams({ step: s });
  const customer = customers.data?.find((c) => c.id === state.draft.customerId);

  const onSubmit = async (values: DomainOrderDraft) => {
    const draft = normalise({ ...state.draft, ...values });
    if (step === 'customer' && draft.customerId !== state.draft.customerId) Object.assign(draft, { clusterId: undefined, ownerHandleId: undefined, adminHandleId: undefined });
    if (step === 'cluster' && !draft.mode) draft.mode = 'register';
    try {
      const q = await quote({ step: step as DomainOrderStep, draft }).unwrap();
      update({ draft, price: q.price, reached: Math.max(state.reached, index) });
      go(steps[index + 1]);
      return undefined;
    } catch (error) {
      return submitErrors(error);
    }
  };
  const back = (values: DomainOrderDraft) => {
    update({ draft: normalise({ ...state.draft, ...values }) });
    go(steps[index - 1]);
  };
  const submitOrder = async () => {
    try {
      const order = await createOrder({ idempotencyKey: state.idempotencyKey, body: state.draft }).unwrap();
      setParams({ step: 'done', number: order.number });
    } catch {
      /* shown in the summary */
    }
  };

  return (
    <Box>
      <Typography variant="h1" gutterBottom ref={heading} tabIndex={-1}>
        {t('title')}
      </Typography>
      <WizardStepper steps={steps} index={index} reached={state.reached} label={(s) => t(`steps.${s}`)} onGo={go} aria-label={t('title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="wizard-step-title" data-step={step}>
          <Typography variant="h2" id="wizard-step-title" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {t(`steps.${step}`)}
          </Typography>
          {!catalog.data ? (
            <Skeleton height={120} />
          ) : step === 'check' ? (
            <CheckOrder draft={state.draft} customerLabel={customer ? `${customer.company} (${customer.number})` : undefined} onBack={() => go('order')} onSubmit={submitOrder} submitting={creation.isLoading} error={creation.error} />
          ) : (
            <Form<DomainOrderDraft> key={step} onSubmit={onSubmit} initialValues={state.draft}>
              {({ handleSubmit, submitting, submitError, values, form }) => (
                <form onSubmit={handleSubmit} noValidate data-step={step}>
                  <FormSpy subscription={{ values: true }} onChange={({ values: v }) => setLiveDraft(normalise({ ...state.draft, ...v }))} />
                  <StepFields step={step} catalog={catalog.data!} draft={state.draft} values={values} setField={(name, value) => form.change(name as keyof DomainOrderDraft, value as never)} />
                  {submitError && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                      {submitError as string}
                    </Alert>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', mt: 3, flexWrap: 'wrap' }}>
                    {index > 0 ? (
                      <Button onClick={() => back(values)}>{t('orders:wizard.back')}</Button>
                    ) : (
                      <Button component={RouterLink} to="/orders?tab=domain">
                        {t('orders:detail.close')}
                      </Button>
                    )}
                    <Button type="submit" variant="contained" disabled={submitting}>
                      {t('orders:wizard.next')}
                    </Button>
                  </Box>
                </form>
              )}
            </Form>
          )}
        </Paper>
        {livePrice ? (
          <Box sx={{ display: step === 'check' ? { xs: 'none', md: 'block' } : 'block' }}>
            <PriceSummary price={step === 'check' && state.price ? state.price : livePrice} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}
