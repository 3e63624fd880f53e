import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSchedule } from '../shared/schedule.ts';
import { describeSchedule } from './describe.ts';
import { formatRun, userTimeZone } from './format.ts';

/**
 * Live preview of a schedule while it is typed: what it means in words and the next five runs in the
 * user's time zone, computed in the browser with the same rules the server applies.
 */
export function SchedulePreview({ schedule, now }: { schedule: string; now?: Date }) {
  const { t, i18n } = useTranslation('cronjobs');
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
                <time dateTime={d.toISOString()}>{formatRun(d, i18n.language, timeZone)}</time>
              </Typography>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
