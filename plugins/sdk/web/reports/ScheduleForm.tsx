/**
 * The schedule form of a report module (issue 25; shop-security, shop-performance): off / daily / weekly with a
 * weekday and an hour (Europe/Berlin), the next run, and — for a module whose runs can cost money — the price per
 * scheduled run, with the one-time confirmation the server asks for when it is charged (field `confirmPrice`).
 * The server's 422 field errors show at their field.
 */
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../kit/format.ts';
import { WriteButton } from '../kit/WriteButton.tsx';

export type ReportScheduleMode = 'off' | 'daily' | 'weekly';
export interface ReportScheduleLike {
  mode: ReportScheduleMode;
  weekday: number;
  hour: number;
  nextRun: string | null;
  zone: string;
}
export interface ReportScheduleValues {
  mode: ReportScheduleMode;
  weekday: number;
  hour: number;
  confirmPrice?: boolean;
}

export function ReportScheduleForm({
  schedule,
  onSave,
  price,
  testId,
}: {
  schedule: ReportScheduleLike;
  /** Saves; answers the error of a failed request (its 422 field errors are shown at their fields). */
  onSave: (values: ReportScheduleValues) => Promise<unknown>;
  /** For runs that can cost money: what a scheduled run costs, whether it is charged, and the confirmation's label. */
  price?: { charged: boolean; notice: ReactNode; confirmLabel: string; paused?: ReactNode };
  testId: string;
}) {
  const { t, i18n } = useTranslation('sdk');
  const tAny = useTranslation().t as (key: string) => string;
  const [values, setValues] = useState<ReportScheduleValues>({ mode: schedule.mode, weekday: schedule.weekday, hour: schedule.hour, confirmPrice: false });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const field = (name: string) => (errors[name]?.[0] ? tAny(errors[name][0]) : undefined);
  const set = (patch: Partial<ReportScheduleValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setSaved(false);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in patch))));
  };
  const id = (name: string) => `${testId}-${name}`;
  return (
    <Stack
      component="form"
      spacing={2}
      data-testid={testId}
      aria-label={t('reports.schedule.title')}
      onSubmit={(e) => {
        e.preventDefault();
        setFailed(false);
        void onSave(values).then((error) => {
          const fields = (error as { data?: { error?: { fields?: Record<string, string[]> } } } | undefined)?.data?.error?.fields;
          if (fields) setErrors(fields);
          else if (error) setFailed(true);
          else setSaved(true);
        });
      }}
    >
      <Typography variant="h6" component="h2">
        {t('reports.schedule.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select id={id('mode')} label={t('reports.schedule.mode')} value={values.mode} onChange={(e) => set({ mode: e.target.value as ReportScheduleMode })} error={!!field('mode')} helperText={field('mode')} sx={{ minWidth: 180 }}>
          {(['off', 'daily', 'weekly'] as const).map((m) => (
            <MenuItem key={m} value={m}>
              {t(`reports.schedule.modes.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        {values.mode === 'weekly' && (
          <TextField select id={id('weekday')} label={t('reports.schedule.weekday')} value={values.weekday} onChange={(e) => set({ weekday: Number(e.target.value) })} error={!!field('weekday')} helperText={field('weekday')} sx={{ minWidth: 180 }}>
            {[1, 2, 3, 4, 5, 6, 7].map((d) => (
              <MenuItem key={d} value={d}>
                {t(`reports.schedule.weekdays.${d as 1 | 2 | 3 | 4 | 5 | 6 | 7}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {values.mode !== 'off' && (
          <TextField select id={id('hour')} label={t('reports.schedule.hour', { zone: schedule.zone })} value={values.hour} onChange={(e) => set({ hour: Number(e.target.value) })} error={!!field('hour')} helperText={field('hour')} sx={{ minWidth: 180 }}>
            {Array.from({ length: 24 }, (_, h) => (
              <MenuItem key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      {price && values.mode !== 'off' && (
        <Stack spacing={1}>
          <Alert severity={price.charged ? 'info' : 'success'} data-testid={`${testId}-price`}>
            {price.notice}
          </Alert>
          {price.paused}
          {price.charged && (
            <div>
              <FormControlLabel
                control={<Checkbox checked={!!values.confirmPrice} onChange={(e) => set({ confirmPrice: e.target.checked })} />}
                label={price.confirmLabel}
              />
              {field('confirmPrice') && (
                <FormHelperText error role="alert">
                  {field('confirmPrice')}
                </FormHelperText>
              )}
            </div>
          )}
        </Stack>
      )}
      <Typography data-testid={`${testId}-next`}>
        {schedule.nextRun ? t('reports.schedule.next', { date: formatDateTime(schedule.nextRun, i18n.language) }) : t('reports.schedule.none')}
      </Typography>
      <div>
        <WriteButton type="submit" variant="outlined">
          {t('reports.schedule.save')}
        </WriteButton>
      </div>
      {saved && <Alert severity="success">{t('reports.schedule.saved')}</Alert>}
      {failed && <Alert severity="error">{t('reports.schedule.failed')}</Alert>}
    </Stack>
  );
}
