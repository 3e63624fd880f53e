import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime, userTimeZone } from '@portal/plugin-sdk/web';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/de.js';
import { useMemo } from 'react';
import { checkSchedule, parseSchedule } from '../shared/schedule.ts';
import { useT } from '../generated/i18n.ts';

/**
 * "At 03:00, Monday through Friday" / "Um 03:00, Montag bis Freitag" (cronstrue; only its German locale
 * is imported besides the built-in English, so the chunk stays small); `undefined` for an invalid schedule.
 */
export function describeSchedule(schedule: string, language: string): string | undefined {
  const parsed = parseSchedule(schedule);
  if (!parsed.ok) return undefined;
  const de = language.startsWith('de');
  try {
    return cronstrue.toString(parsed.expanded, { locale: de ? 'de' : 'en', use24HourTimeFormat: de, dayOfWeekStartIndexZero: true, verbose: false });
  } catch {
    return undefined;
  }
}

/**
 * Live preview of a schedule while it is typed: what it means in words and the next five runs in the
 * user's time zone, computed in the browser with the same rules the server applies.
 */
export function SchedulePreview({ schedule, now }: { schedule: string; now?: Date }) {
  const { t, i18n } = useT();
  const timeZone = userTimeZone();
  const result = useMemo(() => (schedule.trim() ? checkSchedule(schedule, now ?? new Date()) : undefined), [schedule, now]);
  const description = result?.ok ? describeSchedule(schedule, i18n.language) : undefined;

  return (
    <Box component="section" aria-label={t('preview.title')} aria-live="polite" data-testid="schedule-preview">
      {!result && (
        <Typography variant="body2" color="text.secondary">
          {t('preview.empty')}
        </Typography>
      )}
      {result && !result.ok && (
        <Alert severity="warning" variant="outlined">
          {t(`errors.schedule_${result.problem}`)}
        </Alert>
      )}
      {result?.ok && (
        <Alert severity="info" variant="outlined" icon={false}>
          {description && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="schedule-description">
              {t('preview.description', { description })}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('preview.nextRuns', { timeZone })}
          </Typography>
          <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 3 }} data-testid="schedule-next-runs">
            {result.nextRuns.map((d) => (
              <Typography component="li" variant="body2" key={d.toISOString()}>
                <time dateTime={d.toISOString()}>{formatDateTime(d, i18n.language, { timeZone })}</time>
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
