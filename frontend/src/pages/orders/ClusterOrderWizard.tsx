import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FORM_ERROR } from 'final-form';
import { Field, Form, FormSpy } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { useIssueLocalCardTokenMutation, useListCustomersQuery } from '../../api/customers';
import { CallErrorAlert } from '../../forms/CallErrorAlert';
import { FormTextField } from '../../forms/FormTextField';
import { submitErrors } from '../../forms/submitErrors';
import { useDocumentTitle } from '../../shell/useDocumentTitle';
import { useBillingFormat } from '../contracts/format';
import { NewCustomerFacts } from './NewCustomerFacts';
import { NewCustomerFields, nestErrors } from './NewCustomerFields';
import { ClusterOrderFacts } from './OrderDetailDialog';
import { PriceSummary } from './PriceSummary';
import {
  useCreateClusterOrderMutation,
  useGetClusterOrderCatalogQuery,
  useGetOrderQuery,
  useQuoteClusterOrderMutation,
  type ClusterOrderCatalog,
  type ClusterOrderDraft,
  type ClusterOrderStep,
  type OrderPrice,
} from './ordersApi';
import { isWizardStep, useWizardState, wizardSteps, type WizardStep } from './wizardState';
import { WizardStepper } from './WizardStepper';

/** The form's values: the draft plus what stays in the browser (which customer path; card data for the provider's hosted field). */
type Values = ClusterOrderDraft & { customerMode?: 'existing' | 'new'; card?: { number?: string; expiry?: string; cvc?: string } };

/** A radio group bound to the form, with the server's message under it. */
export function RadioField({ name, label, children, parse }: { name: string; label: string; children: ReactNode; parse?: (v: string) => unknown }) {
  return (
    <Field name={name} parse={parse as never}>
      {({ input, meta }) => {
        const message = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <FormControl error={!!message} component="fieldset" sx={{ width: '100%' }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {label}
            </FormLabel>
            <RadioGroup name={name} value={input.value ?? ''} onChange={(e) => input.onChange(parse ? parse(e.target.value) : e.target.value)}>
              {children}
            </RadioGroup>
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </Field>
  );
}

export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  return (
    <Field name={name} type="checkbox">
      {({ input, meta }) => {
        const message = !meta.dirtySinceLastSubmit && meta.submitError;
        return (
          <FormControl error={!!message}>
            <FormControlLabel control={<Checkbox {...input} checked={!!input.checked} />} label={label} />
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </Field>
  );
}

/** The live price of what is entered (debounced; the server computes it, §9). */
function useLivePrice(draft: ClusterOrderDraft, initial: OrderPrice | null) {
  const [quote] = useQuoteClusterOrderMutation();
  const [price, setPrice] = useState<OrderPrice | null>(initial);
  const key = JSON.stringify(draft);
  useEffect(() => {
    if (!draft.customerId && !draft.newCustomer) return;
    const timer = setTimeout(() => {
      quote({ step: 'customer', draft: JSON.parse(key) as ClusterOrderDraft })
        .unwrap()
        .then(setPrice)
        .catch(() => undefined);
    }, 250);
    return () => clearTimeout(timer);
  }, [key, quote, draft.customerId, draft.newCustomer]);
  return price;
}

function StepFields({ step, catalog, draft, values }: { step: Exclude<WizardStep, 'check'>; catalog: ClusterOrderCatalog; draft: ClusterOrderDraft; values: Values }) {
  const { t } = useTranslation('orders');
  const customers = useListCustomersQuery();
  switch (step) {
    case 'customer':
      if (customers.isLoading) return <Skeleton height={56} />;
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <RadioField name="customerMode" label={t('wizard.customer.mode')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
              <FormControlLabel value="existing" control={<Radio />} label={t('wizard.customer.existing')} disabled={!customers.data?.length} />
              <FormControlLabel value="new" control={<Radio />} label={t('wizard.customer.new')} />
            </Box>
          </RadioField>
          {values.customerMode === 'new' ? (
            <NewCustomerFields method={values.newCustomer?.paymentMethod} cardSaved={!!draft.newCustomer?.cardToken && !values.card?.number} />
          ) : !customers.data?.length ? (
            <Alert severity="info">{t('wizard.customer.none')}</Alert>
          ) : (
            <FormTextField name="customerId" select label={t('wizard.customer.label')} helperText={t('wizard.customer.help')}>
              {customers.data.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.company} ({c.number})
                </MenuItem>
              ))}
            </FormTextField>
          )}
        </Box>
      );
    case 'architecture':
      return (
        <RadioField name="architecture" label={t('wizard.architecture.help')}>
          {catalog.architectures.map((a) => (
            <FormControlLabel
              key={a.id}
              value={a.id}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              label={
                <Box sx={{ pt: 1 }}>
                  <strong>{t(`architecture.${a.id}`)}</strong>
                  <Typography variant="body2" color="text.secondary">
                    {t('wizard.architecture.ranges', { cpu: a.ranges.cpu.join('–'), ram: a.ranges.ramGb.join('–'), ssd: a.ranges.nvmeSsdGb.join('–'), storage: a.ranges.nvmeStorageGb.join('–') })}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioField>
      );
    case 'service':
      return (
        <RadioField name="sla" label={t('wizard.service.help')}>
          {catalog.serviceLevels.map((s) => (
            <FormControlLabel
              key={s.id}
              value={s.id}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1 }}
              label={
                <Box sx={{ pt: 1 }}>
                  <strong>{t(`sla.${s.id}`)}</strong>
                  <Typography variant="body2" color="text.secondary" component="ul" sx={{ m: 0, pl: 2 }}>
                    <li>{t('wizard.service.reaction', { minutes: s.reactionMinutes })}</li>
                    <li>{s.remoteHandsMinutes ? t('wizard.service.remoteHands', { minutes: s.remoteHandsMinutes }) : t('wizard.service.noRemoteHands')}</li>
                    {s.developerSupportMinutes > 0 && <li>{t('wizard.service.developerSupport', { minutes: s.developerSupportMinutes })}</li>}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioField>
      );
    case 'configuration': {
      const ranges = catalog.architectures.find((a) => a.id === draft.architecture)?.ranges;
      if (!ranges) return null;
      const num = (name: 'cpu' | 'ramGb' | 'nvmeSsdGb' | 'nvmeStorageGb') => (
        <FormTextField
          name={name}
          type="number"
          label={t(`wizard.configuration.${name}`, { min: ranges[name][0], max: ranges[name][1] })}
          slotProps={{ htmlInput: { min: ranges[name][0], max: ranges[name][1], step: 1, inputMode: 'numeric' } }}
        />
      );
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('wizard.configuration.help')}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {num('cpu')}
            {num('ramGb')}
            {num('nvmeSsdGb')}
            {num('nvmeStorageGb')}
            <FormTextField name="additionalIpv4" type="number" label={t('wizard.configuration.additionalIpv4')} slotProps={{ htmlInput: { min: 0, max: catalog.maxAdditionalIps, step: 1 } }} />
            <FormTextField name="additionalIpv6" type="number" label={t('wizard.configuration.additionalIpv6')} slotProps={{ htmlInput: { min: 0, max: catalog.maxAdditionalIps, step: 1 } }} />
          </Box>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('wizard.configuration.addons')}</FormLabel>
            <CheckboxField name="addons.twoFactor" label={t('addon.twoFactor')} />
            <CheckboxField name="addons.vpn" label={t('addon.vpn')} />
            <CheckboxField name="addons.phpExtendedSupport" label={t('addon.phpExtendedSupport')} />
          </FormControl>
          <RadioField name="contractMode" label={t('wizard.configuration.contractMode')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
              {catalog.contractModes.map((m) => (
                <FormControlLabel key={m} value={m} control={<Radio />} label={t(`contractMode.${m}`)} />
              ))}
            </Box>
          </RadioField>
          <Typography variant="body2" color="text.secondary">
            {t('wizard.configuration.billing')}
          </Typography>
        </Box>
      );
    }
    case 'order':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography color="text.secondary">{t('wizard.order.help')}</Typography>
          <FormTextField name="clusterName" label={t('wizard.order.clusterName')} slotProps={{ htmlInput: { maxLength: 64 } }} />
          <FormTextField name="referenceSign" label={t('wizard.order.referenceSign')} slotProps={{ htmlInput: { maxLength: 255 } }} />
          <CheckboxField name="acceptTerms" label={t('wizard.order.acceptTerms')} />
        </Box>
      );
  }
}

/** Numbers from text fields; additional IPs default to none; the browser-only fields dropped. */
const normalise = ({ customerMode: _mode, card: _card, ...v }: Values): ClusterOrderDraft => ({
  ...v,
  ...(['cpu', 'ramGb', 'nvmeSsdGb', 'nvmeStorageGb', 'additionalIpv4', 'additionalIpv6'] as const).reduce<Partial<Values>>((acc, k) => {
    const raw = v[k] as unknown;
    if (raw !== undefined && raw !== '') acc[k] = Number(raw);
    return acc;
  }, {}),
  ...(v.customerId !== undefined && v.customerId !== null ? { customerId: Number(v.customerId) } : {}),
});

/** The IBAN as the summary shows it (the server stores the order with the same mask). */
const maskIban = (iban: string | null | undefined) => {
  const c = (iban ?? '').replace(/\s/g, '').toUpperCase();
  return c ? `${c.slice(0, 4)} •••• •••• ${c.slice(-4)}` : null;
};

/** §2 `/orders/cluster`: customer → architecture → managed service → configuration → order → check order → thank you. */
export default function ClusterOrderWizard() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('wizard.title'));
  const [params, setParams] = useSearchParams();
  const { state, update, reset } = useWizardState();
  const catalog = useGetClusterOrderCatalogQuery();
  const customers = useListCustomersQuery();
  const [quote] = useQuoteClusterOrderMutation();
  const [createOrder, creation] = useCreateClusterOrderMutation();
  const [issueCardToken] = useIssueLocalCardTokenMutation();
  const [liveDraft, setLiveDraft] = useState<ClusterOrderDraft>(state.draft);
  const livePrice = useLivePrice(liveDraft, state.price);
  const heading = useRef<HTMLHeadingElement>(null);
  const requested = params.get('step');
  const step: WizardStep | 'done' = requested === 'done' ? 'done' : isWizardStep(requested) ? requested : 'customer';
  const index = step === 'done' ? wizardSteps.length : wizardSteps.indexOf(step);
  useEffect(() => heading.current?.focus(), [step]);
  useEffect(() => setLiveDraft(state.draft), [state.draft]);
  const noCustomers = !!customers.data && !customers.data.length;
  // One object per draft: react-final-form re-initialises (and drops the input) when the initial values change.
  const onCustomerStep = step === 'customer';
  const initialValues = useMemo<Values>(
    () =>
      onCustomerStep
        ? { ...state.draft, customerMode: state.draft.newCustomer || noCustomers ? 'new' : 'existing', newCustomer: state.draft.newCustomer ?? { country: 'de', paymentMethod: 'transfer' } }
        : state.draft,
    [state.draft, noCustomers, onCustomerStep],
  );

  if (step === 'done') return <ThankYou number={params.get('number')} onShown={reset} onAgain={() => setParams({})} />;
  // Deep links reach at most the step after the last one the server accepted.
  if (index > state.reached + 1) return <Navigate to={`/orders/cluster?step=${wizardSteps[state.reached + 1]}`} replace />;
  const go = (s: WizardStep) => setParams({ step: s });
  const customer = customers.data?.find((c) => c.id === state.draft.customerId);
  const newCustomer = state.draft.newCustomer;


  const onSubmit = async (values: Values) => {
    const draft = normalise({ ...state.draft, ...values });
    if (step === 'customer') {
      if (values.customerMode === 'new') {
        draft.customerId = undefined;
        const nc = { ...values.newCustomer };
        if (nc.paymentMethod !== 'credit_card') nc.cardToken = null;
        else if (values.card?.number) {
          // The card goes to the provider's hosted field; only its single-use token is kept.
          const [month, year] = (values.card.expiry ?? '').split('/').map((p) => Number(p.trim()));
          const issued = await issueCardToken({ number: values.card.number, expMonth: month || 1, expYear: year < 100 ? 2000 + year : year || 2000, cvc: values.card.cvc ?? '' });
          if ('error' in issued) {
            const e = (submitErrors(issued.error) ?? {}) as Record<string, string>;
            return { card: { number: e.number, expiry: e.expiry, cvc: e.cvc }, [FORM_ERROR]: e[FORM_ERROR] };
          }
          nc.cardToken = issued.data.token;
        }
        draft.newCustomer = nc;
      } else draft.newCustomer = null;
    }
    if (step === 'architecture' && draft.architecture !== state.draft.architecture && catalog.data) {
      // Another architecture: start from its smallest hardware.
      const r = catalog.data.architectures.find((a) => a.id === draft.architecture)!.ranges;
      Object.assign(draft, { cpu: r.cpu[0], ramGb: r.ramGb[0], nvmeSsdGb: r.nvmeSsdGb[0], nvmeStorageGb: r.nvmeStorageGb[0] });
    }
    if (step === 'service' && !draft.contractMode) draft.contractMode = 'production';
    if (step === 'service') draft.additionalIpv4 ??= 0;
    if (step === 'service') draft.additionalIpv6 ??= 0;
    try {
      const price = await quote({ step: step as ClusterOrderStep, draft }).unwrap();
      update({ draft, price, reached: Math.max(state.reached, index) });
      go(wizardSteps[index + 1]);
      return undefined;
    } catch (error) {
      // The draft stays as it was: new initial values would re-initialise the form and drop the errors.
      return nestErrors(submitErrors(error));
    }
  };
  const back = (values: Values) => {
    update({ draft: normalise({ ...state.draft, ...values }) });
    go(wizardSteps[index - 1]);
  };
  const submitOrder = async () => {
    try {
      const order = await createOrder({ idempotencyKey: state.idempotencyKey, body: state.draft }).unwrap();
      // The thank-you page resets the wizard once it shows (router navigations are asynchronous: a reset
      // here would render the check step without state, which sends the user back to the start).
      setParams({ step: 'done', number: order.number });
    } catch {
      /* shown below */
    }
  };

  return (
    <Box>
      <Typography variant="h1" gutterBottom ref={heading} tabIndex={-1}>
        {t('wizard.title')}
      </Typography>
      <WizardStepper steps={wizardSteps} index={index} reached={state.reached} label={(s) => t(`wizard.steps.${s}`)} onGo={go} aria-label={t('wizard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="wizard-step-title" data-step={step}>
          <Typography variant="h2" id="wizard-step-title" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {t(`wizard.steps.${step}`)}
          </Typography>
          {!catalog.data ? (
            <Skeleton height={120} />
          ) : step === 'check' ? (
            <Box data-testid="order-summary">
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('wizard.check.help')}
              </Typography>
              <ClusterOrderFacts
                order={{
                  customerLabel: newCustomer ? t('wizard.customer.newLabel', { company: newCustomer.company ?? '' }) : customer ? `${customer.company} (${customer.number})` : undefined,
                  cluster: {
                    architecture: state.draft.architecture!,
                    sla: state.draft.sla!,
                    cpu: state.draft.cpu!,
                    ramGb: state.draft.ramGb!,
                    nvmeSsdGb: state.draft.nvmeSsdGb!,
                    nvmeStorageGb: state.draft.nvmeStorageGb!,
                    additionalIpv4: state.draft.additionalIpv4 ?? 0,
                    additionalIpv6: state.draft.additionalIpv6 ?? 0,
                    addons: { twoFactor: !!state.draft.addons?.twoFactor, vpn: !!state.draft.addons?.vpn, phpExtendedSupport: !!state.draft.addons?.phpExtendedSupport },
                    contractMode: state.draft.contractMode ?? 'production',
                    clusterName: state.draft.clusterName ?? '',
                    referenceSign: state.draft.referenceSign || null,
                  },
                }}
              />
              {newCustomer && (
                <NewCustomerFacts
                  customer={{
                    company: newCustomer.company ?? '',
                    department: newCustomer.department ?? null,
                    street: newCustomer.street ?? '',
                    zip: newCustomer.zip ?? '',
                    city: newCustomer.city ?? '',
                    country: newCustomer.country ?? '',
                    phone: newCustomer.phone ?? null,
                    invoiceEmails: newCustomer.invoiceEmails ?? '',
                    vatId: newCustomer.vatId ?? null,
                    referenceSign: newCustomer.referenceSign ?? null,
                    paymentMethod: newCustomer.paymentMethod ?? 'transfer',
                    bankName: newCustomer.paymentMethod === 'debit' ? (newCustomer.bankName ?? null) : null,
                    accountHolder: newCustomer.paymentMethod === 'debit' ? (newCustomer.accountHolder ?? null) : null,
                    ibanMasked: newCustomer.paymentMethod === 'debit' ? maskIban(newCustomer.iban) : null,
                    bic: newCustomer.paymentMethod === 'debit' ? (newCustomer.bic ?? null) : null,
                  }}
                />
              )}
              {creation.error ? <Box sx={{ mt: 2 }}><CallErrorAlert error={creation.error} message={t('error')} /></Box> : null}
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', mt: 3, flexWrap: 'wrap' }}>
                <Button onClick={() => go('order')}>{t('wizard.back')}</Button>
                <Button variant="contained" onClick={submitOrder} disabled={creation.isLoading}>
                  {creation.isLoading ? t('wizard.submitting') : t('wizard.submit')}
                </Button>
              </Box>
            </Box>
          ) : (
            <Form<Values> key={step} onSubmit={onSubmit} initialValues={initialValues}>
              {({ handleSubmit, submitting, submitError, values }) => (
                <form onSubmit={handleSubmit} noValidate data-step={step}>
                  <FormSpy subscription={{ values: true }} onChange={({ values: v }) => setLiveDraft(normalise({ ...state.draft, ...v, ...(v.customerMode === 'existing' ? { newCustomer: null } : {}) }))} />
                  <StepFields step={step} catalog={catalog.data!} draft={state.draft} values={values} />
                  {submitError && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                      {submitError as string}
                    </Alert>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', mt: 3, flexWrap: 'wrap' }}>
                    {index > 0 ? <Button onClick={() => back(values)}>{t('wizard.back')}</Button> : <Button component={RouterLink} to="/orders">{t('detail.close')}</Button>}
                    <Button type="submit" variant="contained" disabled={submitting}>
                      {t('wizard.next')}
                    </Button>
                  </Box>
                </form>
              )}
            </Form>
          )}
        </Paper>
        {step === 'check' && state.price ? (
          <PriceSummary price={state.price} trafficTb={catalog.data?.includedTrafficTb} />
        ) : livePrice ? (
          <PriceSummary price={livePrice} trafficTb={catalog.data?.includedTrafficTb} />
        ) : null}
      </Box>
    </Box>
  );
}

/** The thank-you page: order number and date, and the way to the order overview. */
export function ThankYou({ number, onShown, onAgain, type = 'cluster' }: { number: string | null; onShown: () => void; onAgain: () => void; type?: 'cluster' | 'domain' }) {
  const { t } = useTranslation('orders');
  useEffect(onShown, [onShown]);
  const f = useBillingFormat();
  const { data } = useGetOrderQuery({ type, number: number ?? '' }, { skip: !number });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }} data-testid="order-thanks">
      <Typography variant="h1" gutterBottom>
        {t('wizard.thanks.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('wizard.thanks.text', { number: number ?? '', date: data ? f.dateTime(data.orderedAt) : '…' })}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={type === 'cluster' ? '/orders' : `/orders?tab=${type}`}>
          {t('wizard.thanks.toOrders')}
        </Button>
        <Button onClick={onAgain}>{t('wizard.thanks.again')}</Button>
      </Box>
    </Paper>
  );
}
