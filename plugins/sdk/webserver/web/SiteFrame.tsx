import Alert, { alertClasses } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ApplyJobBanner, useApply, useManagedHost, WriteButton } from '../../web/index.tsx';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type WebServerStatus } from './model.ts';
import { formatDateTime } from './format.ts';

export type SiteTab = 'domains' | 'redirects' | 'authentications' | 'config';

/** The section's apply: the SDK's `useApply` with a busy flag for the buttons that start it. */
export function useSiteApply() {
  const apply = useApply(useWebServer().client);
  const [busy, setBusy] = useState<'apply' | 'rollback'>();
  const run = async <T,>(kind: 'apply' | 'rollback', step: () => Promise<T>) => {
    setBusy(kind);
    try {
      return await step();
    } finally {
      setBusy(undefined);
    }
  };
  return {
    apply,
    applying: busy === 'apply',
    rollingBack: busy === 'rollback',
    applyNow: () => run('apply', apply.applyNow),
    rollBack: () => run('rollback', apply.rollBack),
  };
}

/**
 * On phones and small tablets the actions move under the message: beside it they leave the text a column too narrow to read.
 * From `md` on they stay beside it, so the banner keeps its height (and the loading placeholder's).
 */
const pendingAlertLayout = {
  flexWrap: { xs: 'wrap', md: 'nowrap' },
  [`& .${alertClasses.message}`]: { flex: { xs: '1 1 0', md: '0 1 auto' } },
  [`& .${alertClasses.action}`]: {
    width: { xs: '100%', md: 'auto' },
    // Under the message, the first button's label lines up with its text (icon 22 px + margin 12 px − the text button's 5 px padding).
    ml: { xs: 0, md: 'auto' },
    pl: { xs: '29px', md: 2 },
    pt: { xs: 0, md: 0.5 },
    pb: { xs: 1, md: 0 },
  },
} as const;

/** The web server's state and whether the desired configuration is on the server. */
export function StatusBar({ status, onApply, applying }: { status: WebServerStatus; onApply: () => void; applying: boolean }) {
  const { pluginId } = useWebServer();
  const { t, i18n } = useFamilyT(pluginId);
  const host = useManagedHost();
  const { service, tools } = status;
  return (
    <Stack spacing={1} data-testid={`${pluginId}-status`}>
      {status.pending ? (
        <Alert
          severity="warning"
          sx={pendingAlertLayout}
          action={
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={host.sectionPath(pluginId, 'config')}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('status.review')}
              </Button>
              <WriteButton
                color="inherit"
                size="small"
                variant="outlined"
                onClick={onApply}
                disabled={applying}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('status.apply')}
              </WriteButton>
            </Stack>
          }
        >
          {t('status.pending', { count: status.changedFiles })}
        </Alert>
      ) : status.lastApplied ? (
        <Alert severity="success">
          {t('status.applied', { version: status.lastApplied.version, date: formatDateTime(status.lastApplied.appliedAt, i18n.language) })}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Chip
          size="small"
          color={service.state === 'running' ? 'success' : service.state === 'not_installed' ? 'warning' : 'default'}
          label={
            service.endpoint
              ? t(`status.service.${service.state}Endpoint`, { host: service.endpoint.host, port: service.endpoint.port })
              : t(`status.service.${service.state}`)
          }
        />
        {Object.entries(tools).some(([tool, found]) => tool !== 'openssl' && !found) && (
          <Typography variant="body2" color="text.secondary">
            {t('status.notInstalled')}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}

/** Every page of the section: status and apply, the running job, the tabs. */
export function SiteFrame({ tab, children }: { tab: SiteTab; children: ReactNode }) {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const status = api.useStatus(args);
  const { apply, applying, applyNow } = useSiteApply();
  const tabs: [SiteTab, string][] = [
    ['domains', ''],
    ['redirects', 'redirects'],
    ['authentications', 'authentications'],
    ['config', 'config'],
  ];
  return (
    <Stack spacing={2}>
      {status.data ? (
        <StatusBar status={status.data} onApply={() => void applyNow()} applying={applying} />
      ) : status.isLoading ? (
        // The status bar's place is kept while it loads, so the tabs and the list do not jump down (layout shift, issue 14).
        <Skeleton variant="rounded" sx={{ height: { xs: 124, md: 84 } }} aria-hidden="true" />
      ) : null}
      <ApplyJobBanner
        apply={apply}
        title={(job, done) => t(`job.title.${job?.kind === 'rollback' ? 'rollback' : 'apply'}.${done ? 'done' : 'running'}`)}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} variant="scrollable" scrollButtons="auto" aria-label={t('tabs.label')}>
          {tabs.map(([id, sub]) => (
            <Tab key={id} value={id} label={t(`tabs.${id}`)} component={RouterLink} to={host.sectionPath(pluginId, sub || undefined)} />
          ))}
        </Tabs>
      </Box>
      {children}
    </Stack>
  );
}
