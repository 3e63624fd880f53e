import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { setIn, type SubmissionErrors } from 'final-form';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Field, Form, useForm } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { useListCustomersQuery } from '../../../api/customers';
import { CallErrorAlert } from '../../../forms/CallErrorAlert';
import { FormTextField } from '../../../forms/FormTextField';
import { submitErrors } from '../../../forms/submitErrors';
import { useDocumentTitle } from '../../../shell/useDocumentTitle';
import { useBillingFormat } from '../../contracts/format';
import { countryOptions } from '../../profile/personal/countries';
import { useGetOrderQuery } from '../ordersApi';
import { PriceSummary } from '../PriceSummary';
import {
  useCreateCertificateOrderMutation,
  useGetCertificateOrderCatalogQuery,
  useListCertificateOwnersQuery,
  useQuoteCertificateOrderMutation,
  useSaveCertificateOwnerMutation,
  type CertificateOrderCatalog,
  type CertificateOrderDraft,
  type CertificateOrderStep,
  type CertificateOwner,
  type CertificateOwnerInput,
} from './certificateApi';
import {
  certificateWizardSteps,
  isCertificateWizardStep,
  useCertificateWizardState,
  type CertificateWizardStep,
} from './certificateWizardState';
import { FactList } from '../FactList';
import { administratorLine, ownerLine } from './certificatePeople';
import { WizardStepper } from '../WizardStepper';

type Values = CertificateOrderDraft;
type Verification = NonNullable<Values['verifications']>[number];

/** Server field errors (`domains.1`, `verifications.0`, `administrator.email`) as the nested shape final-form reads. */
function nestedErrors(errors: SubmissionErrors | undefined): SubmissionErrors | undefined {
  if (!errors) return errors;
  return Object.entries(errors).reduce<object>((acc, [k, v]) => setIn(acc, k, v), {});
}

/** The server's message of a field (after a submit, until it changes). */
function FieldMessage({ name }: { name: string }) {
  return (
    <Field name={name} subscription={{ submitError: true, dirtySinceLastSubmit: true }}>
      {({ meta }) =>
        !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? (
          <FormHelperText error>{meta.submitError}</FormHelperText>
        ) : null
      }
    </Field>
  );
}

function DomainsStep() {
  const { t } = useTranslation('orders');
  const form = useForm<Values>();
  return (
    <Field name="domains" subscription={{ value: true }}>
      {({ input }) => {
        const domains = (input.value as string[] | undefined) ?? [];
        return (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography color="text.secondary">{t('certificateWizard.domains.help')}</Typography>
            {domains.map((_, i) => (
              <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <FormTextField
                  name={`domains[${i}]`}
                  label={t('certificateWizard.domains.label', { n: i + 1 })}
                  slotProps={{ htmlInput: { maxLength: 255, autoCapitalize: 'none', spellCheck: false } }}
                />
                <IconButton
                  aria-label={t('certificateWizard.domains.remove', { n: i + 1 })}
                  onClick={() =>
                    form.change(
                      'domains',
                      domains.filter((__, j) => j !== i),
                    )
                  }
                  sx={{ mt: 1 }}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
            <FieldMessage name="domains" />
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => form.change('domains', [...domains, ''])}>
                {t('certificateWizard.domains.add')}
              </Button>
            </Box>
          </Box>
        );
      }}
    </Field>
  );
}

/** The price of a type as the choice shows it (R3.047): yearly; multi-domain types with the included domains and the price per further domain. */
function TypePrice({ type }: { type: CertificateOrderCatalog['types'][number] }) {
  const { t } = useTranslation('orders');
  const f = useBillingFormat();
  const extra = type.price.extraDomainYearly;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }} data-testid={`certificate-price-${type.id}`}>
      {type.multiDomain && extra
        ? t('certificateWizard.certificate.priceMulti', { price: f.money(type.price.yearly), n: type.includedDomains, extra: f.money(extra) })
        : t('certificateWizard.certificate.price', { price: f.money(type.price.yearly) })}
    </Typography>
  );
}

export function CertificateStep({ catalog }: { catalog: CertificateOrderCatalog }) {
  const { t } = useTranslation('orders');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Field name="certificateType">
        {({ input, meta }) => {
          const message = !meta.dirtySinceLastSubmit && meta.submitError;
          return (
            <FormControl error={!!message} component="fieldset">
              <FormLabel component="legend" sx={{ mb: 1 }}>
                {t('certificateWizard.certificate.help')}
              </FormLabel>
              <RadioGroup name="certificateType" value={input.value ?? ''} onChange={(e) => input.onChange(e.target.value)}>
                {catalog.types.map((ty) => (
                  <FormControlLabel
                    key={ty.id}
                    value={ty.id}
                    control={<Radio />}
                    label={
                      <span>
                        <strong>{t(`certificateType.${ty.id}`)}</strong>
                        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                          {ty.multiDomain
                            ? t('certificateWizard.certificate.multi', { n: ty.includedDomains })
                            : ty.wildcard
                              ? t('certificateWizard.certificate.wildcard')
                              : t('certificateWizard.certificate.single')}
                        </Typography>
                        <TypePrice type={ty} />
                      </span>
                    }
                    sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                  />
                ))}
              </RadioGroup>
              {message && <FormHelperText>{message}</FormHelperText>}
            </FormControl>
          );
        }}
      </Field>
      <Typography variant="body2" color="text.secondary">
        {t('certificateWizard.certificate.priceNote')}
      </Typography>
      <FormTextField name="termMonths" select label={t('certificateWizard.certificate.term')} sx={{ maxWidth: 320 }}>
        {catalog.terms.map((m) => (
          <MenuItem key={m} value={m}>
            {t('certificateWizard.certificate.months', { count: m })}
          </MenuItem>
        ))}
      </FormTextField>
      <Typography variant="body2" color="text.secondary">
        {t('certificateWizard.certificate.key', { bits: catalog.keyBits })}
      </Typography>
    </Box>
  );
}

const emptyOwner: CertificateOwnerInput = { company: '', department: '', duns: '', street: '', zip: '', city: '', federalState: '', country: 'DE', email: '', phone: '' };

/** The portal's ISO 3166 country select (as in the customer data), with the upper-case codes a certificate names. */
function CountrySelect({ name, label, required, optional }: { name: string; label: string; required?: boolean; optional?: boolean }) {
  const { t, i18n } = useTranslation('orders');
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  return (
    <FormTextField name={name} select label={label} required={required} slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}>
      {optional && (
        <MenuItem value="">
          <em>{t('certificateWizard.administrator.noCountry')}</em>
        </MenuItem>
      )}
      {countries.map((c) => (
        <MenuItem key={c.code} value={c.code.toUpperCase()}>
          {c.name}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** The owner's fields in their order (§3 R3.044); the country is a select. */
const ownerFields = ['company', 'department', 'duns', 'street', 'zip', 'city', 'federalState', 'country', 'email', 'phone'] as const;
const ownerMaxLength: Record<(typeof ownerFields)[number], number> = { company: 120, department: 120, duns: 11, street: 120, zip: 16, city: 80, federalState: 80, country: 2, email: 254, phone: 40 };

/** Add or edit a certificate owner; an edit is saved as a new owner record (§5). */
export function OwnerDialog({
  customerId,
  owner,
  onSaved,
  onClose,
}: {
  customerId: number;
  owner: CertificateOwner | null;
  onSaved: (o: CertificateOwner) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [save] = useSaveCertificateOwnerMutation();
  const submit = async (values: CertificateOwnerInput) => {
    try {
      onSaved(await save({ customerId, ownerId: owner?.id, body: values }).unwrap());
      return undefined;
    } catch (error) {
      return submitErrors(error);
    }
  };
  const initial: CertificateOwnerInput = owner
    ? {
        company: owner.company,
        department: owner.department ?? '',
        duns: owner.duns ?? '',
        street: owner.street,
        zip: owner.zip,
        city: owner.city,
        federalState: owner.federalState ?? '',
        country: owner.country,
        email: owner.email,
        phone: owner.phone,
      }
    : emptyOwner;
  return (
    <Dialog open onClose={onClose} aria-labelledby="owner-title" maxWidth="sm" fullWidth>
      <Form<CertificateOwnerInput> onSubmit={submit} initialValues={initial}>
        {({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate>
            <DialogTitle id="owner-title">
              {owner ? t('certificateWizard.owner.editTitle') : t('certificateWizard.owner.addTitle')}
            </DialogTitle>
            <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
              {owner && <Alert severity="info">{t('certificateWizard.owner.newRecord')}</Alert>}
              {ownerFields.map((f) =>
                f === 'country' ? (
                  <CountrySelect key={f} name={f} label={t('certificateWizard.owner.country')} required />
                ) : (
                  <FormTextField
                    key={f}
                    name={f}
                    type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                    label={t(`certificateWizard.owner.${f}`)}
                    slotProps={{ htmlInput: { maxLength: ownerMaxLength[f] } }}
                  />
                ),
              )}
              {submitError && <Alert severity="error">{submitError as string}</Alert>}
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('certificateWizard.owner.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={submitting}>
                {t('certificateWizard.owner.save')}
              </Button>
            </DialogActions>
          </form>
        )}
      </Form>
    </Dialog>
  );
}

function VerificationField({
  index,
  domain,
  catalog,
  wildcard,
}: {
  index: number;
  domain: string;
  catalog: CertificateOrderCatalog;
  wildcard: boolean;
}) {
  const { t } = useTranslation('orders');
  const base = domain.split('.').slice(-2).join('.');
  return (
    <Field<Verification | undefined> name={`verifications[${index}]`}>
      {({ input, meta }) => {
        const message = !meta.dirtySinceLastSubmit && typeof meta.submitError === 'string' ? meta.submitError : undefined;
        const v: Verification = {
          domain,
          method: input.value?.method ?? ('' as Verification['method']),
          approverEmail: input.value?.approverEmail ?? null,
        };
        const id = `verification-${index}`;
        return (
          <FormControl error={!!message} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
            <FormLabel component="legend" id={id}>
              {t('certificateWizard.verification.for', { domain })}
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby={id}
              value={v.method ?? ''}
              onChange={(e) => input.onChange({ ...v, method: e.target.value as Verification['method'] })}
            >
              {catalog.verificationMethods
                .filter((m) => !(wildcard && m === 'http'))
                .map((m) => (
                  <FormControlLabel key={m} value={m} control={<Radio />} label={t(`certificateWizard.verification.method.${m}`)} />
                ))}
            </RadioGroup>
            {v.method === 'email' && (
              <TextField
                select
                size="small"
                label={t('certificateWizard.verification.approver')}
                value={v.approverEmail ?? ''}
                onChange={(e) => input.onChange({ ...v, approverEmail: e.target.value })}
                sx={{ mt: 1, maxWidth: 420 }}
                id={`${id}-approver`}
              >
                {catalog.approverMailboxes.map((m) => (
                  <MenuItem key={m} value={`${m}@${base}`}>{`${m}@${base}`}</MenuItem>
                ))}
              </TextField>
            )}
            {message && <FormHelperText>{message}</FormHelperText>}
          </FormControl>
        );
      }}
    </Field>
  );
}

export function OrganizationStep({ catalog, draft }: { catalog: CertificateOrderCatalog; draft: Values }) {
  const { t } = useTranslation('orders');
  const form = useForm<Values>();
  const owners = useListCertificateOwnersQuery(draft.customerId!, { skip: !draft.customerId });
  const [dialog, setDialog] = useState<{ owner: CertificateOwner | null } | null>(null);
  const wildcard = !!catalog.types.find((x) => x.id === draft.certificateType)?.wildcard;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
        {t('certificateWizard.owner.title')}
      </Typography>
      {owners.isError && <Alert severity="error">{t('certificateWizard.owner.loadError')}</Alert>}
      <Field name="ownerId" subscription={{ value: true }}>
        {({ input }) => {
          const current = owners.data?.find((o) => o.id === Number(input.value)) ?? null;
          return (
            <Box sx={{ display: 'grid', gap: 1 }}>
              {owners.data?.length ? (
                <FormTextField name="ownerId" select label={t('certificateWizard.owner.label')}>
                  {owners.data.map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {o.company}, {o.street}, {o.zip} {o.city}
                    </MenuItem>
                  ))}
                </FormTextField>
              ) : (
                <>
                  <Typography color="text.secondary">{t('certificateWizard.owner.none')}</Typography>
                  <FieldMessage name="ownerId" />
                </>
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button startIcon={<AddIcon />} onClick={() => setDialog({ owner: null })}>
                  {t('certificateWizard.owner.add')}
                </Button>
                {current && <Button onClick={() => setDialog({ owner: current })}>{t('certificateWizard.owner.edit')}</Button>}
              </Box>
            </Box>
          );
        }}
      </Field>
      {dialog && draft.customerId && (
        <OwnerDialog
          customerId={draft.customerId}
          owner={dialog.owner}
          onClose={() => setDialog(null)}
          onSaved={(o) => {
            form.change('ownerId', o.id);
            setDialog(null);
          }}
        />
      )}
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mt: 1 }}>
        {t('certificateWizard.administrator.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {(['firstname', 'surname', 'jobTitle', 'email', 'phone', 'fax'] as const).map((f) => (
          <FormTextField
            key={f}
            name={`administrator.${f}`}
            type={f === 'email' ? 'email' : f === 'phone' || f === 'fax' ? 'tel' : 'text'}
            label={t(`certificateWizard.administrator.${f}`)}
            slotProps={{ htmlInput: { maxLength: f === 'email' ? 254 : f === 'phone' || f === 'fax' ? 40 : 80 } }}
          />
        ))}
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          {t('certificateWizard.administrator.address')}
        </Typography>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <FormTextField name="administrator.address.street" label={t('certificateWizard.administrator.street')} slotProps={{ htmlInput: { maxLength: 120 } }} />
        </Box>
        <FormTextField name="administrator.address.zip" label={t('certificateWizard.administrator.zip')} slotProps={{ htmlInput: { maxLength: 16 } }} />
        <FormTextField name="administrator.address.city" label={t('certificateWizard.administrator.city')} slotProps={{ htmlInput: { maxLength: 80 } }} />
        <CountrySelect name="administrator.address.country" label={t('certificateWizard.administrator.country')} optional />
      </Box>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mt: 1 }}>
        {t('certificateWizard.verification.title')}
      </Typography>
      {(draft.domains ?? []).map((d, i) => (
        <VerificationField key={`${i}-${d}`} index={i} domain={d.trim().toLowerCase()} catalog={catalog} wildcard={wildcard} />
      ))}
    </Box>
  );
}

function StepFields({
  step,
  catalog,
  draft,
}: {
  step: Exclude<CertificateWizardStep, 'check'>;
  catalog: CertificateOrderCatalog;
  draft: Values;
}) {
  const { t } = useTranslation('orders');
  const customers = useListCustomersQuery();
  switch (step) {
    case 'customer':
      if (customers.isLoading) return <Skeleton height={56} />;
      if (!customers.data?.length) return <Alert severity="info">{t('wizard.customer.none')}</Alert>;
      return (
        <FormTextField name="customerId" select label={t('wizard.customer.label')} helperText={t('wizard.customer.help')}>
          {customers.data.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.company} ({c.number})
            </MenuItem>
          ))}
        </FormTextField>
      );
    case 'domains':
      return <DomainsStep />;
    case 'certificate':
      return <CertificateStep catalog={catalog} />;
    case 'organization':
      return <OrganizationStep catalog={catalog} draft={draft} />;
    case 'order':
      return (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <FormTextField name="referenceSign" label={t('wizard.order.referenceSign')} slotProps={{ htmlInput: { maxLength: 255 } }} />
          <Field name="acceptTerms" type="checkbox">
            {({ input, meta }) => {
              const message = !meta.dirtySinceLastSubmit && meta.submitError;
              return (
                <FormControl error={!!message}>
                  <FormControlLabel
                    control={<Checkbox {...input} checked={!!input.checked} />}
                    label={t('certificateWizard.order.acceptTerms')}
                  />
                  {message && <FormHelperText>{message}</FormHelperText>}
                </FormControl>
              );
            }}
          </Field>
        </Box>
      );
  }
}

/** The draft as the server wants it: a number for ids and term, one verification per domain in the order of the domains. */
function normalise(v: Values): Values {
  const domains = (v.domains ?? []).map((d) => d ?? '');
  return {
    ...v,
    domains,
    ...(v.customerId !== undefined && (v.customerId as unknown) !== '' ? { customerId: Number(v.customerId) } : {}),
    ...(v.ownerId !== undefined && (v.ownerId as unknown) !== '' ? { ownerId: Number(v.ownerId) } : {}),
    ...(v.termMonths !== undefined ? { termMonths: Number(v.termMonths) } : {}),
    ...(v.verifications
      ? {
          // Only chosen methods are sent; the server reports a missing one under the domain's position.
          verifications: domains.flatMap((d, i) => {
            const x = v.verifications?.[i];
            return x?.method
              ? [
                  {
                    domain: d.trim().toLowerCase(),
                    method: x.method,
                    approverEmail: x.method === 'email' ? (x.approverEmail ?? null) : null,
                  },
                ]
              : [];
          }),
        }
      : {}),
  };
}

function Summary({ draft, catalog }: { draft: Values; catalog: CertificateOrderCatalog }) {
  const { t } = useTranslation('orders');
  const customers = useListCustomersQuery();
  const owners = useListCertificateOwnersQuery(draft.customerId!, { skip: !draft.customerId });
  const customer = customers.data?.find((c) => c.id === draft.customerId);
  const owner = owners.data?.find((o) => o.id === draft.ownerId);
  const rows: [string, ReactNode][] = [
    [t('detail.customer'), customer ? `${customer.company} (${customer.number})` : '–'],
    [t('certificateWizard.summary.domains'), (draft.domains ?? []).join(', ')],
    [t('certificateWizard.summary.type'), draft.certificateType ? t(`certificateType.${draft.certificateType}`) : '–'],
    [t('certificateWizard.summary.term'), t('certificateWizard.certificate.months', { count: draft.termMonths ?? 12 })],
    [t('certificateWizard.summary.key'), t('certificateWizard.summary.keyValue', { bits: catalog.keyBits })],
    [t('certificateWizard.owner.title'), owner ? ownerLine(owner) : '–'],
    [t('certificateWizard.administrator.title'), administratorLine(draft.administrator, t)],
    [
      t('certificateWizard.verification.title'),
      (draft.verifications ?? [])
        .map(
          (v) => `${v.domain}: ${t(`certificateWizard.verification.method.${v.method}`)}${v.approverEmail ? ` (${v.approverEmail})` : ''}`,
        )
        .join('; '),
    ],
  ];
  return <FactList rows={rows} />;
}

/** §2 `/orders/certificate`: customer → domains → certificate → organization → order → check order → thank you. */
export default function CertificateOrderWizard() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('certificateWizard.title'));
  const [params, setParams] = useSearchParams();
  const { state, update, reset } = useCertificateWizardState();
  const catalog = useGetCertificateOrderCatalogQuery();
  const [quote] = useQuoteCertificateOrderMutation();
  const [createOrder, creation] = useCreateCertificateOrderMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const requested = params.get('step');
  const step: CertificateWizardStep | 'done' = requested === 'done' ? 'done' : isCertificateWizardStep(requested) ? requested : 'customer';
  const index = step === 'done' ? certificateWizardSteps.length : certificateWizardSteps.indexOf(step);
  useEffect(() => heading.current?.focus(), [step]);
  // Verifications follow the domains: one per domain. Memoised: new initial values would re-initialise the form and hide the server's errors.
  const initialValues = useMemo<Values>(
    () =>
      step === 'organization'
        ? {
            ...state.draft,
            verifications: (state.draft.domains ?? []).map((d) => ({
              ...(state.draft.verifications?.find((v) => v.domain === d.trim().toLowerCase()) ?? { method: '' as Verification['method'] }),
              domain: d,
            })),
          }
        : state.draft,
    [step, state.draft],
  );

  if (step === 'done') return <ThankYou number={params.get('number')} onShown={reset} onAgain={() => setParams({})} />;
  if (index > state.reached + 1) return <Navigate to={`/orders/certificate?step=${certificateWizardSteps[state.reached + 1]}`} replace />;
  const go = (s: CertificateWizardStep) => setParams({ step: s });

  const onSubmit = async (values: Values) => {
    const draft = normalise({ ...state.draft, ...values });
    if (step === 'organization' && !draft.verifications) draft.verifications = [];
    try {
      const price = await quote({ step: step as CertificateOrderStep, draft }).unwrap();
      update({ draft, price, reached: Math.max(state.reached, index) });
      go(certificateWizardSteps[index + 1]);
      return undefined;
    } catch (error) {
      return nestedErrors(submitErrors(error));
    }
  };
  const back = (values: Values) => {
    update({ draft: normalise({ ...state.draft, ...values }) });
    go(certificateWizardSteps[index - 1]);
  };
  const submitOrder = async () => {
    try {
      const order = await createOrder({ idempotencyKey: state.idempotencyKey, body: state.draft }).unwrap();
      setParams({ step: 'done', number: order.number });
    } catch {
      /* shown below */
    }
  };

  return (
    <Box>
      <Typography variant="h1" gutterBottom ref={heading} tabIndex={-1}>
        {t('certificateWizard.title')}
      </Typography>
      <WizardStepper steps={certificateWizardSteps} index={index} reached={state.reached} label={(s) => t(`certificateWizard.steps.${s}`)} onGo={go} aria-label={t('certificateWizard.title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="wizard-step-title" data-step={step}>
          <Typography variant="h2" id="wizard-step-title" sx={{ fontSize: '1.3rem', mb: 2 }}>
            {t(`certificateWizard.steps.${step}`)}
          </Typography>
          {!catalog.data ? (
            <Skeleton height={120} />
          ) : step === 'check' ? (
            <Box data-testid="order-summary">
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                {t('wizard.check.help')}
              </Typography>
              <Summary draft={state.draft} catalog={catalog.data} />
              {creation.error ? (
                <Box sx={{ mt: 2 }}>
                  <CallErrorAlert error={creation.error} message={t('certificateWizard.failed')} />
                </Box>
              ) : null}
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
                  <StepFields step={step} catalog={catalog.data!} draft={state.draft} />
                  {submitError && (
                    <Alert severity="error" sx={{ mt: 2 }}>
                      {submitError as string}
                    </Alert>
                  )}
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', mt: 3, flexWrap: 'wrap' }}>
                    {index > 0 ? (
                      <Button onClick={() => back(values)}>{t('wizard.back')}</Button>
                    ) : (
                      <Button component={RouterLink} to="/orders?tab=certificate">
                        {t('detail.close')}
                      </Button>
                    )}
                    <Button type="submit" variant="contained" disabled={submitting}>
                      {t('wizard.next')}
                    </Button>
                  </Box>
                </form>
              )}
            </Form>
          )}
        </Paper>
        {state.price?.lines.length ? <PriceSummary price={state.price} /> : null}
      </Box>
    </Box>
  );
}

/** The thank-you page: order number and date, and the way to the order overview. */
function ThankYou({ number, onShown, onAgain }: { number: string | null; onShown: () => void; onAgain: () => void }) {
  const { t } = useTranslation('orders');
  useEffect(onShown, [onShown]);
  const f = useBillingFormat();
  const { data } = useGetOrderQuery({ type: 'certificate', number: number ?? '' }, { skip: !number });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }} data-testid="order-thanks">
      <Typography variant="h1" gutterBottom>
        {t('wizard.thanks.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>
        {t('wizard.thanks.text', { number: number ?? '', date: data ? f.dateTime(data.orderedAt) : '…' })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/orders?tab=certificate">
          {t('wizard.thanks.toOrders')}
        </Button>
        <Button onClick={onAgain}>{t('wizard.thanks.again')}</Button>
      </Box>
    </Paper>
  );
}
