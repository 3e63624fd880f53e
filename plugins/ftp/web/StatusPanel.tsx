import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { Schemas } from '@portal/openapi';
import { DataTable, formatDateTime, PanelSection, QueryState, useManagedHost } from '@portal/plugin-sdk/web';
import { ftpApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Status = Schemas['FtpStatus'];
type Login = Status['logins'][number];

/** The daemon's state and the recent logins (accepted and refused), newest first. */
export function StatusView({ status }: { status: Status }) {
  const { t, language } = useT();
  const at = (s: string) => {
    const iso = s.replace(' ', 'T').replace(',', '.');
    return Number.isNaN(Date.parse(iso)) ? s : formatDateTime(new Date(iso).toISOString(), language, { compact: true });
  };
  return (
    <>
      <Alert severity={status.state === 'running' ? 'success' : 'info'} data-testid="ftp-status">
        {t(`status.${status.state}`, { address: status.address ?? '' })}
      </Alert>
      <DataTable<Login>
        rows={status.logins}
        rowKey={(l) => `${l.at}-${l.login}-${l.client ?? ''}`}
        caption={t('status.caption')}
        testId="ftp-logins"
        empty={t('status.empty')}
        columns={[
          { id: 'at', label: t('status.at'), render: (l) => at(l.at), nowrap: true },
          { id: 'login', label: t('status.login'), render: (l) => l.login },
          { id: 'client', label: t('status.client'), render: (l) => l.client ?? '' },
          {
            id: 'outcome',
            label: t('status.outcome'),
            render: (l) => <Chip size="small" variant="outlined" color={l.outcome === 'accepted' ? 'success' : 'error'} label={t(`status.${l.outcome}`)} />,
          },
        ]}
      />
    </>
  );
}

/** The status section of the start page, read from the server when the page opens. */
export function StatusPanel() {
  const { t } = useT();
  const host = useManagedHost();
  const query = ftpApi.useGetFtpStatusQuery({ clusterId: host.cluster.id, serverId: host.server.id });
  return (
    <PanelSection id="ftp-status-title" title={t('status.title')}>
      <QueryState query={query}>{(status) => <StatusView status={status} />}</QueryState>
    </PanelSection>
  );
}
