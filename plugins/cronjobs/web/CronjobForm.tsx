import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BodyOf } from '@portal/openapi';
import { FormActions, FormError, FormPage, FormSwitch, FormTextField, useManagedHost, useSectionForm } from '@portal/plugin-sdk/web';
import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { cronjobsApi } from '../generated/client.ts';
import { checkCommand } from '../shared/command.ts';
import { checkSchedule } from '../shared/schedule.ts';
import { SchedulePreview } from './SchedulePreview.tsx';

export interface CronjobValues {
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

interface Props {
  initialValues: CronjobValues;
  users: readonly string[];
  mode: 'create' | 'edit';
  onSubmit: (values: CronjobValues) => Promise<SubmissionErrors | undefined>;
  onCancel: () => void;
  /** Fixed "now" for stories and tests. */
  now?: Date;
}

/** Schedule with live preview, command, user and the enabled switch. */
export function CronjobForm({ initialValues, users, mode, onSubmit, onCancel, now }: Props) {
  const { t } = useTranslation('cronjobs');
  const validate = (v: Partial<CronjobValues>) => {
    const errors: Partial<Record<keyof CronjobValues, string>> = {};
    if (v.schedule?.trim()) {
      const s = checkSchedule(v.schedule, now ?? new Date(), 1);
      if (!s.ok) errors.schedule = t(`errors.schedule_${s.problem}`);
    } else errors.schedule = t('errors.schedule_format');
    const c = checkCommand(v.command ?? '');
    if (c) errors.command = t(`errors.command_${c}`);
    if (!v.user || !users.includes(v.user)) errors.user = t('errors.user_unknown');
    return errors;
  };
  return (
    <Form<CronjobValues> initialValues={initialValues} validate={validate} onSubmit={onSubmit}>
      {({ handleSubmit, submitting, submitError, values, form }) => (
        <Stack
          component="form"
          onSubmit={handleSubmit}
          noValidate
          spacing={3}
          aria-label={t(mode === 'create' ? 'form.createTitle' : 'form.editTitle')}
          sx={{ maxWidth: 760 }}
        >
          <FormError error={submitError} />
          <Box>
            <FormTextField
              name="schedule"
              label={t('form.schedule')}
              helperText={t('form.scheduleHelp')}
              required
              autoFocus
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: 100, spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
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
          </Box>
          <FormTextField
            name="command"
            label={t('form.command')}
            helperText={t('form.commandHelp')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 900, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          <FormTextField name="user" select label={t('form.user')} required sx={{ maxWidth: 320 }}>
            {users.map((u) => (
              <MenuItem key={u} value={u}>
                {u}
              </MenuItem>
            ))}
          </FormTextField>
          <FormSwitch name="enabled" label={t('form.enabled')} helperText={t('form.enabledHelp')} />
          <FormActions submitting={submitting} submit={t(mode === 'create' ? 'form.submitCreate' : 'form.submitEdit')} onCancel={onCancel} />
        </Stack>
      )}
    </Form>
  );
}

/** `create` and `:cronjobId`: the form; after saving, back to the list, which follows the apply job. */
export function CronjobFormPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const form = useSectionForm();
  const { cronjobId } = useParams();
  const id = cronjobId === undefined ? undefined : Number(cronjobId);
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const users = cronjobsApi.useListCronjobsQuery(args).data?.users ?? ['www-data', 'deploy'];
  const get = cronjobsApi.useGetCronjobQuery({ ...args, cronjobId: id ?? 0 }, { skip: !id || !Number.isInteger(id) });
  const existing = get.data;
  const [create] = cronjobsApi.useCreateCronjobMutation();
  const [update] = cronjobsApi.useUpdateCronjobMutation();
  return (
    <FormPage title={t(id ? 'form.editTitle' : 'form.createTitle')} loading={id !== undefined && !existing} notFound={id !== undefined && (!Number.isInteger(id) || id < 1 || get.isError) && t('form.notFound')}>
      <CronjobForm
        mode={id ? 'edit' : 'create'}
        users={users}
        initialValues={existing ? { schedule: existing.schedule, command: existing.command, user: existing.user, enabled: existing.enabled } : { schedule: '', command: '', user: users[0], enabled: true }}
        onCancel={form.cancel}
        onSubmit={async (values) => {
          const body = { schedule: values.schedule.trim(), command: values.command.trim(), user: values.user as BodyOf<'createCronjob'>['user'], enabled: values.enabled };
          return form.done(id ? await update({ ...args, cronjobId: id, body }) : await create({ ...args, body }));
        }}
      />
    </FormPage>
  );
}
