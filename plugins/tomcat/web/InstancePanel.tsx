import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, PanelSection, QueryState, useManagedHost } from '@portal/plugin-sdk/web';
import { tomcatApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Status = Schemas['TomcatStatus'];
type Deployment = Schemas['TomcatDeployment'];

/** What the running instances serve: per instance its connector and the HTTP status of each of its applications. */
export function InstancePanel() {
  const host = useManagedHost();
  const { t } = useT();
  const query = tomcatApi.useGetTomcatStatusQuery({ clusterId: host.cluster.id, serverId: host.server.id }, { pollingInterval: 10_000, skipPollingIfUnfocused: true });
  return (
    <PanelSection id="tomcat-instance-title" title={t('instance.title')}>
      <QueryState query={query}>{(status) => <InstanceView status={status} />}</QueryState>
    </PanelSection>
  );
}

/** The applications grouped by the instance that serves them, as the instances answer (a story shows it without a server). */
export function InstanceView({ status }: { status: Status }) {
  const { t } = useT();
  if (!status.instances.length) return <Typography>{t('instances.empty')}</Typography>;
  return (
    <Stack spacing={3}>
      {status.instances.map((i) => (
        <Stack key={i.name} spacing={1} data-testid={`tomcat-instance-${i.name}`}>
          <Typography variant="subtitle1" component="h3">
            {t('instance.heading', { name: i.name })}
          </Typography>
          <Typography data-testid="tomcat-instance-state">
            {i.running ? t('instance.running', { port: i.listenPort ?? i.port }) : t('instance.stopped')}
          </Typography>
          {i.running && i.applications.length > 0 && (
            <DataTable<Deployment>
              rows={i.applications}
              rowKey={(a) => a.name}
              caption={t('instance.caption', { name: i.name })}
              testId={`tomcat-instance-applications-${i.name}`}
              columns={[
                { id: 'path', label: t('instance.path'), render: (a) => <code>{a.path}</code>, sortValue: (a) => a.path },
                { id: 'status', label: t('instance.status'), render: (a) => (a.status === null ? t('instance.noAnswer') : String(a.status)) },
              ]}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}
