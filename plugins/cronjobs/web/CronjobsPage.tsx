import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ResourcePage, useManagedHost, userTimeZone } from '@portal/plugin-sdk/web';
import { Trans, useTranslation } from 'react-i18next';
import { cronjobsApi, cronjobsClient } from '../generated/client.ts';
import { cronjobResource } from '../generated/resources.ts';
import { CronjobTable, type Cronjob } from './CronjobTable.tsx';

/** The section's start page: the SDK's resource page with the jobs' own table (schedule in words, next runs) and the time zones. */
export function CronjobsPage() {
  const { t } = useTranslation('cronjobs');
  const host = useManagedHost();
  const timeZone = userTimeZone();
  return (
    <ResourcePage<Cronjob, { data: Cronjob[]; total: number; timeZone: string }>
      resource={cronjobResource}
      api={cronjobsApi}
      client={cronjobsClient}
      list={({ rows, remove, editPath, empty }) => (
        <Paper variant="outlined">
          <CronjobTable jobs={rows} caption={t('list.caption', { server: host.server.name })} timeZone={timeZone} onDelete={remove} editPath={editPath} empty={empty} />
        </Paper>
      )}
      footer={(data) => (
        <Typography variant="body2" color="text.secondary">
          <Trans t={t} i18nKey="list.timeZone" values={{ server: data.timeZone, user: timeZone }} components={{ strong: <strong /> }} />
        </Typography>
      )}
    />
  );
}
