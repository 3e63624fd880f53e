import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { useField, useFormState } from 'react-final-form';
import { useT } from '../generated/i18n.ts';

/**
 * A variable as the form holds it — as the API answers it (`SupervisorEnvironmentVariable`: a secret without its
 * value, `set`) or as typed: a secret that is `set` keeps its stored value while `value` stays empty.
 */
export interface VariableRow {
  name: string;
  value?: string;
  secret: boolean;
  set?: boolean;
}

type Input = Schemas['SupervisorEnvironmentInput'];

/** The rows as sent: empty rows dropped; a kept secret without its value (the server keeps the stored one). */
export const sendRows = (value: unknown): Input[] =>
  ((value as VariableRow[] | undefined) ?? [])
    .filter((r) => r.name.trim() !== '' || !!r.value)
    .map((r) =>
      r.secret && r.set && !r.value
        ? { name: r.name.trim(), secret: true }
        : { name: r.name.trim(), value: r.value ?? '', secret: r.secret },
    );

const namePattern = /^[A-Z_][A-Z0-9_]*$/;

/** The form's first check (names as the contract allows them, each once; the values are the server's to check). */
export function checkRows(value: unknown): 'errors.environment_format' | 'errors.environment_duplicate' | undefined {
  const rows = sendRows(value);
  if (rows.some((r) => !namePattern.test(r.name) || r.name.length > 64)) return 'errors.environment_format';
  if (rows.some((r, i) => rows.findIndex((o) => o.name === r.name) !== i)) return 'errors.environment_duplicate';
  return undefined;
}

/** The environment of a program: one row per variable (name, value, secret), added and removed by keyboard. */
export function EnvironmentInput({ name, label, helperText }: { name: string; label: string; helperText?: string }) {
  const { t } = useT();
  const { input, meta } = useField<VariableRow[]>(name);
  const { submitErrors } = useFormState({ subscription: { submitErrors: true } });
  const rows = Array.isArray(input.value) ? input.value : [];
  const set = (next: VariableRow[]) => input.onChange(next);
  const change = (i: number, patch: Partial<VariableRow>) => set(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // The server's errors come with flat paths (`environment.0.name`); the client's under the field.
  const flat = (submitErrors ?? {}) as Record<string, string | undefined>;
  const serverError = !meta.dirtySinceLastSubmit
    ? Object.entries(flat).find(([k]) => k === name || k.startsWith(`${name}.`))?.[1]
    : undefined;
  const error = (meta.touched && meta.error) || serverError;
  const rowError = (i: number, part: string) => !meta.dirtySinceLastSubmit && !!flat[`${name}.${i}.${part}`];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={`supervisor-env-help`}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack spacing={1.5}>
        {rows.length === 0 && <Typography color="text.secondary">{t('form.envNone')}</Typography>}
        {rows.map((r, i) => {
          const n = i + 1;
          return (
            <Stack
              key={i}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' } }}
              data-testid={`supervisor-env-${i}`}
            >
              <TextField
                label={t('form.envName', { index: n })}
                value={r.name}
                onChange={(e) => change(i, { name: e.target.value.toUpperCase() })}
                onBlur={input.onBlur}
                error={rowError(i, 'name')}
                size="small"
                autoComplete="off"
                slotProps={{ htmlInput: { maxLength: 64, spellCheck: false, style: { fontFamily: 'monospace' } } }}
                sx={{ minWidth: 200 }}
              />
              <TextField
                label={t('form.envValue', { index: n })}
                value={r.value ?? ''}
                onChange={(e) => change(i, { value: e.target.value })}
                onBlur={input.onBlur}
                error={rowError(i, 'value')}
                type={r.secret ? 'password' : 'text'}
                placeholder={r.secret && r.set ? t('form.envKept') : undefined}
                size="small"
                autoComplete={r.secret ? 'new-password' : 'off'}
                slotProps={{ htmlInput: { maxLength: 1000, spellCheck: false, style: { fontFamily: 'monospace' } } }}
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={r.secret}
                    onChange={(e) => change(i, { secret: e.target.checked, set: false })}
                    slotProps={{ input: { 'aria-label': t('form.envSecret', { index: n }) } }}
                  />
                }
                label={t('form.envSecretLabel')}
              />
              <IconButton aria-label={t('form.envRemove', { index: n })} onClick={() => set(rows.filter((_, j) => j !== i))}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => set([...rows, { name: '', value: '', secret: false }])}
            disabled={rows.length >= 50}
          >
            {t('form.envAdd')}
          </Button>
        </Box>
      </Stack>
      <FormHelperText id="supervisor-env-help" error={!!error} role={serverError && error === serverError ? 'alert' : undefined}>
        {error || helperText}
      </FormHelperText>
    </Box>
  );
}
