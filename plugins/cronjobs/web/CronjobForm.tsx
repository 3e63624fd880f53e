import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ResourceForm, ResourceFormPage, type ResourceFormOptions } from '@portal/plugin-sdk/web';
import type { SubmissionErrors } from 'final-form';
import { cronjobsApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { cronjobResource } from '../generated/resources.ts';
import { checkCommand } from '../shared/command.ts';
import { checkSchedule } from '../shared/schedule.ts';
import { SchedulePreview } from './SchedulePreview.tsx';

export interface CronjobValues extends Record<string, unknown> {
  schedule: string;
  command: string;
  user: string;
  enabled: boolean;
}

const presets = [
  ['everyMinute', '* * * * *'],
  ['every5', '*/5 * * * *'],
  ['hourly', '0 * * * *'],
  ['daily', '0 3 * * *'],
  ['weekdays', '30 6 * * 1-5'],
  ['weekly', '0 4 * * 1'],
  ['monthly', '0 0 1 * *'],
] as const;

const mono = { htmlInput: { style: { fontFamily: 'monospace' } } };

/** The cron dialect of the SDK's resource form: the schedule's presets and live preview, the same checks as the server's rules. */
function useCronjobForm(now?: Date): ResourceFormOptions<CronjobValues> {
  const { t } = useT();
  return {
    fieldProps: { schedule: { slotProps: mono }, command: { slotProps: mono } },
    validate: (v) => {
      const s = v.schedule?.trim() ? checkSchedule(v.schedule, now ?? new Date(), 1) : undefined;
      const c = checkCommand(v.command ?? '');
      return { schedule: !s ? 'errors.schedule_format' : s.ok ? undefined : `errors.schedule_${s.problem}`, command: c && `errors.command_${c}` };
    },
    after: {
      schedule: (values, form) => (
        <>
          <Typography variant="caption" color="text.secondary" component="p" id="cronjobs-presets" sx={{ mt: 1.5, mb: 0.5 }}>
            {t('form.presets')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-labelledby="cronjobs-presets">
            {presets.map(([key, expr]) => (
              <Chip
                key={key}
                label={t(`form.preset.${key}`)}
                variant={values.schedule?.trim() === expr ? 'filled' : 'outlined'}
                color={values.schedule?.trim() === expr ? 'primary' : 'default'}
                onClick={() => {
                  form.change('schedule', expr);
                  form.focus('schedule');
                }}
              />
            ))}
          </Stack>
          <Box sx={{ mt: 2 }}>
            <SchedulePreview schedule={values.schedule ?? ''} now={now} />
          </Box>
        </>
      ),
    },
  };
}

interface Props {
  initialValues: CronjobValues;
  users: readonly string[];
  mode: 'create' | 'edit';
  onSubmit: (values: CronjobValues) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
  /** Fixed "now" for stories and tests. */
  now?: Date;
}

/** Schedule with presets and live preview, command, user and the enabled switch (stories; the page uses `CronjobFormPage`). */
export function CronjobForm({ users, now, ...props }: Props) {
  return <ResourceForm<CronjobValues> resource={cronjobResource} options={{ user: users }} {...useCronjobForm(now)} {...props} />;
}

/** `create` and `:cronjobId`: the SDK's resource form page with the cron dialect. */
export function CronjobFormPage() {
  return <ResourceFormPage<CronjobValues> resource={cronjobResource} api={cronjobsApi} form={useCronjobForm()} />;
}
