import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SubmissionErrors } from 'final-form';
import { useEffect, useId, useState } from 'react';
import { Form, useFormState } from 'react-final-form';
import type { ZoneCreate, ZoneSettings } from './model.ts';
import { FormTextField, runtimeT, WriteButton } from '@portal/plugin-sdk/web';
import { intError } from './format.ts';
import { duration } from './format.ts';
import { useT } from '../generated/i18n.ts';

/** The SOA timers and default TTL with their ranges (the contract's). */
const timers = [
  ['defaultTtl', 60, 604800],
  ['refresh', 1200, 86400],
  ['retry', 300, 86400],
  ['expire', 604800, 2419200],
  ['minimum', 60, 86400],
] as const;

type Timer = (typeof timers)[number][0];
export type SettingsValues = Record<Timer | 'primaryNs' | 'hostmaster', string>;

export const defaultSettings: SettingsValues = {
  defaultTtl: '3600',
  primaryNs: 'ns1.managed-hosting.example',
  hostmaster: 'hostmaster@managed-hosting.example',
  refresh: '10800',
  retry: '3600',
  expire: '1209600',
  minimum: '3600',
};

export const settingsValuesOf = (z: ZoneSettings): SettingsValues => ({
  defaultTtl: String(z.defaultTtl),
  primaryNs: z.primaryNs,
  hostmaster: z.hostmaster,
  refresh: String(z.refresh),
  retry: String(z.retry),
  expire: String(z.expire),
  minimum: String(z.minimum),
});

export const settingsBody = (v: SettingsValues): ZoneSettings => ({
  defaultTtl: Number(v.defaultTtl),
  primaryNs: v.primaryNs.trim(),
  hostmaster: v.hostmaster.trim(),
  refresh: Number(v.refresh),
  retry: Number(v.retry),
  expire: Number(v.expire),
  minimum: Number(v.minimum),
});

export function validateSettings(v: SettingsValues): Partial<Record<keyof SettingsValues, string>> {
  const e: Partial<Record<keyof SettingsValues, string>> = {};
  for (const [name, min, max] of timers) {
    const err = intError(v[name], min, max, true);
    if (err) e[name] = err === 'form.range' ? `form.${name}Range` : err;
  }
  if (!v.primaryNs?.trim()) e.primaryNs = 'form.required';
  if (!v.hostmaster?.trim()) e.hostmaster = 'form.required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.hostmaster.trim())) e.hostmaster = 'form.email';
  if (!e.retry && !e.refresh && Number(v.retry) >= Number(v.refresh)) e.retry = 'form.retryBelowRefresh';
  return e;
}

/** The SOA fields and the default TTL; each timer also in words (`3 hours`). */
export function SettingsFields() {
  const { t, i18n } = useT();
  const { values } = useFormState<SettingsValues>({ subscription: { values: true } });
  const inWords = (v: string | undefined) =>
    v && /^\d+$/.test(v.trim()) && Number(v) > 0 ? `${duration(Number(v), i18n.language)} · ` : '';
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField name="primaryNs" label={t('settings.primaryNs')} required helperText={t('settings.primaryNsHelp')} />
        <FormTextField name="hostmaster" label={t('settings.hostmaster')} required type="email" helperText={t('settings.hostmasterHelp')} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        {timers.map(([name, min, max]) => (
          <FormTextField
            key={name}
            name={name}
            label={t(`settings.${name}`)}
            required
            inputMode="numeric"
            helperText={`${inWords(values[name])}${t('settings.seconds', { min, max })}`}
          />
        ))}
      </Box>
    </Stack>
  );
}

const translated = (t: (k: string) => string, errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ? t(v) : undefined]));

/** Changes a zone's SOA fields and default TTL. */
export function ZoneSettingsDialog({
  open,
  origin,
  settings,
  onSubmit,
  onClose,
}: {
  open: boolean;
  origin: string;
  settings: ZoneSettings;
  onSubmit: (body: ZoneSettings) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
      <Form<SettingsValues>
        initialValues={settingsValuesOf(settings)}
        validate={(v) => translated((k) => runtimeT(t, k), validateSettings(v))}
        onSubmit={(v) => onSubmit(settingsBody(v))}
      >
        {({ handleSubmit, submitting, submitError }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>{t('settings.title', { origin })}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {submitError && <Alert severity="error">{submitError}</Alert>}
                <Typography variant="body2" color="text.secondary">
                  {t('settings.intro')}
                </Typography>
                <SettingsFields />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('actions.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submitting ? t('actions.saving') : t('actions.saveApply')}
              </WriteButton>
            </DialogActions>
          </Box>
        )}
      </Form>
    </Dialog>
  );
}

type CreateValues = SettingsValues & { origin: string };

/** The SOA fields of a new zone, folded away (the defaults fit most zones); opened when one of them is wrong. */
function Advanced({ forceOpen }: { forceOpen: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (forceOpen) setOpen(true);
  }, [forceOpen]);
  return (
    <Accordion variant="outlined" disableGutters expanded={open} onChange={(_, v) => setOpen(v)}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="body2">{t('zones.advanced')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <SettingsFields />
      </AccordionDetails>
    </Accordion>
  );
}

/** Creates a zone: its domain, and the SOA fields when the defaults do not fit. */
export function CreateZoneDialog({
  open,
  onSubmit,
  onClose,
}: {
  open: boolean;
  onSubmit: (body: ZoneCreate) => Promise<SubmissionErrors | undefined>;
  onClose: () => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
      <Form<CreateValues>
        initialValues={{ origin: '', ...defaultSettings }}
        validate={(v) =>
          translated((k) => runtimeT(t, k), { ...validateSettings(v), origin: v.origin?.trim() ? undefined : 'form.required' })
        }
        onSubmit={(v) => onSubmit({ origin: v.origin.trim(), ...settingsBody(v) })}
      >
        {({ handleSubmit, submitting, submitError, errors, submitFailed }) => (
          <Box component="form" onSubmit={handleSubmit} noValidate>
            <DialogTitle id={`${id}-title`}>{t('zones.createTitle')}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {submitError && <Alert severity="error">{submitError}</Alert>}
                <FormTextField
                  name="origin"
                  label={t('zones.origin')}
                  required
                  autoFocus
                  placeholder="example.com"
                  helperText={t('zones.originHelp')}
                  slotProps={{ htmlInput: { spellCheck: false } }}
                />
                <Advanced forceOpen={!!submitFailed && Object.keys(errors ?? {}).some((k) => k !== 'origin')} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={submitting}>
                {t('actions.cancel')}
              </Button>
              <WriteButton type="submit" variant="contained" disabled={submitting}>
                {submitting ? t('actions.saving') : t('zones.createSubmit')}
              </WriteButton>
            </DialogActions>
          </Box>
        )}
      </Form>
    </Dialog>
  );
}
