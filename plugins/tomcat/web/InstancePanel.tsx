import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, PanelSection, QueryState, useManagedHost } from '@portal/plugin-sdk/web';
import { tomcatApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Instance = Schemas['TomcatInstance'];
type Deployment = Schemas['TomcatDeployment'];

/** What the running instance serves: its connector and the HTTP status of every application's context. */
export function InstancePanel() {
  const host = useManagedHost();
  const { t } = useT();
  const query = tomcatApi.useGetTomcatInstanceQuery({ clusterId: host.cluster.id, serverId: host.server.id }, { pollingInterval: 10_000, skipPollingIfUnfocused: true });
  return (
    <PanelSection id="tomcat-instance-title" title={t('instance.title')}>
      <QueryState query={query}>{(instance) => <InstanceView instance={instance} />}</QueryState>
    </PanelSection>
  );
}

/** The instance as it answers (a story shows it without a server). */
export function InstanceView({ instance }: { instance: Instance }) {
  const { t } = useT();
  return (
    <Stack spacing={2}>
      <Typography data-testid="tomcat-instance-state">{instance.running ? t('instance.running', { port: instance.port }) : t('instance.stopped')}</Typography>
      {instance.running && instance.applications.length > 0 && (
        <DataTable<Deployment>
          rows={instance.applications}
          rowKey={(a) => a.name}
          caption={t('instance.caption')}
          testId="tomcat-instance-applications"
          columns={[
            { id: 'path', label: t('instance.path'), render: (a) => <code>{a.path}</code>, sortValue: (a) => a.path },
            { id: 'status', label: t('instance.status'), render: (a) => (a.status === null ? t('instance.noAnswer') : String(a.status)) },
          ]}
        />
      )}
    </Stack>
  );
}
