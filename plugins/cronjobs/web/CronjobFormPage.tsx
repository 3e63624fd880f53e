import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingState, useManagedHost } from '@portal/plugin-sdk/web';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { BodyOf } from '@portal/openapi';
import { cronjobsApi } from '../generated/client.ts';
import { CronjobForm, type CronjobValues } from './CronjobForm.tsx';

const fallbackUsers = ['www-data', 'deploy'];

/** `create` and `:cronjobId`: the form; after saving, back to the list, which follows the apply job. */
export function CronjobFormPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const navigate = useNavigate();
  const { cronjobId } = useParams();
  const id = cronjobId === undefined ? undefined : Number(cronjobId);
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const list = cronjobsApi.useListCronjobsQuery(args);
  const existing = cronjobsApi.useGetCronjobQuery({ ...args, cronjobId: id ?? 0 }, { skip: !id || !Number.isInteger(id) });
  const [create] = cronjobsApi.useCreateCronjobMutation();
  const [update] = cronjobsApi.useUpdateCronjobMutation();
  const listPath = host.sectionPath('cronjobs');
  const users = list.data?.users ?? fallbackUsers;

  if (id !== undefined && (!Number.isInteger(id) || id < 1 || existing.isError))
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={listPath} color="inherit" size="small">
            {t('form.back')}
          </Button>
        }
      >
        {t('form.notFound')}
      </Alert>
    );
  if (id !== undefined && !existing.data) return <LoadingState />;

  const initialValues: CronjobValues = existing.data
    ? { schedule: existing.data.schedule, command: existing.data.command, user: existing.data.user, enabled: existing.data.enabled }
    : { schedule: '', command: '', user: users[0], enabled: true };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t(id ? 'form.editTitle' : 'form.createTitle')}
        </Typography>
        <CronjobForm
          mode={id ? 'edit' : 'create'}
          users={users}
          initialValues={initialValues}
          onCancel={() => navigate(listPath)}
          onSubmit={async (values) => {
            const body = {
              schedule: values.schedule.trim(),
              command: values.command.trim(),
              user: values.user as BodyOf<'createCronjob'>['user'],
              enabled: values.enabled,
            };
            const r = id ? await update({ ...args, cronjobId: id, body }) : await create({ ...args, body });
            if ('error' in r) return host.submitErrors(r.error);
            navigate(`${listPath}?job=${r.data.id}`);
            return undefined;
          }}
        />
      </Stack>
    </Paper>
  );
}
