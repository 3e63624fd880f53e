import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ResourcePage, useManagedHost, userTimeZone } from '@portal/plugin-sdk/web';
import { Trans } from 'react-i18next';
import { cronjobsApi, cronjobsClient } from '../generated/client.ts';
import { cronjobResource } from '../generated/resources.ts';
import { CronjobTable, type Cronjob } from './CronjobTable.tsx';
import { useT, type TranslationKey } from '../generated/i18n.ts';

/** The section's start page: the SDK's resource page with the jobs' own table (schedule in words, next runs) and the time zones. */
export function CronjobsPage() {
  const { t } = useT();
  const timeZoneKey: TranslationKey = 'list.timeZone';
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
          {/* Trans types its key by the web app's namespaces, not the plugin's: the key is checked as this plugin's above. */}
          <Trans t={t as never} i18nKey={timeZoneKey as never} values={{ server: data.timeZone, user: timeZone }} components={{ strong: <strong /> }} />
        </Typography>
      )}
    />
  );
}
