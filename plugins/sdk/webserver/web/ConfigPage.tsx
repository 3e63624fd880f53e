import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import UndoIcon from '@mui/icons-material/Undo';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useManagedHost, WriteButton } from '../../web/index.tsx';
import { useState } from 'react';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type ConfigView } from './model.ts';
import { ConfirmDialog } from '../../web/index.tsx';
import { DiffView } from './DiffView.tsx';
import { formatDateTime } from './format.ts';
import { SiteFrame, useSiteApply } from './SiteFrame.tsx';

const statusColor = { unchanged: 'default', changed: 'warning', added: 'success', removed: 'error' } as const;

/** The rendered files with their state against the server (presentational). */
export function ConfigFiles({ files }: { files: ConfigView['files'] }) {
  const { pluginId, syntax } = useWebServer();
  const { t } = useFamilyT(pluginId);
  return (
    <Box>
      {files.map((f) => (
        <Accordion key={f.path} disableGutters variant="outlined" slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Chip size="small" color={statusColor[f.status]} variant="outlined" label={t(`config.fileStatus.${f.status}`)} />
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {f.path}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>
            <Box
              component="pre"
              data-syntax={syntax}
              tabIndex={0}
              sx={{ m: 0, p: 1.5, overflowX: 'auto', fontSize: 13, fontFamily: 'monospace', bgcolor: 'action.hover', borderRadius: 1 }}
            >
              {f.desired ?? f.live}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

/** The rendered configuration of the desired state, the diff against the server, apply and rollback. */
export function ConfigPage() {
  const { pluginId } = useWebServer();
  const { t, i18n } = useFamilyT(pluginId);
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const view = api.useConfig(args);
  const { applyNow, applying, rollBack, rollingBack } = useSiteApply();
  const [tab, setTab] = useState<'diff' | 'files'>('diff');
  const [confirmRollback, setConfirmRollback] = useState(false);
  const data = view.data;

  return (
    <SiteFrame tab="config">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        <Box>
          <Typography color="text.secondary">{t('config.intro')}</Typography>
          {data && (
            <Typography variant="body2" color="text.secondary">
              {data.lastApplied
                ? t('config.lastApplied', {
                    version: data.lastApplied.version,
                    date: formatDateTime(data.lastApplied.appliedAt, i18n.language),
                  })
                : t('config.neverApplied')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <WriteButton startIcon={<UndoIcon />} onClick={() => setConfirmRollback(true)} disabled={rollingBack || !data?.lastApplied}>
            {t('config.rollback')}
          </WriteButton>
          <WriteButton variant="contained" startIcon={<PlayArrowIcon />} onClick={() => void applyNow()} disabled={applying || !data}>
            {t('config.apply')}
          </WriteButton>
        </Stack>
      </Stack>

      {view.isLoading && <LinearProgress aria-label={t('list.loading')} />}
      {view.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void view.refetch()}>
              {t('list.retry')}
            </Button>
          }
        >
          {t('list.loadFailed')}
        </Alert>
      )}
      {data?.tlsNotices.map((n) => (
        <Alert key={n.vhostId} severity={n.status === 'missing' ? 'warning' : 'info'}>
          {t(`config.tls.${n.status}`, { name: n.serverName, certificate: n.certificate })}
        </Alert>
      ))}
      {data && (
        <Paper variant="outlined">
          <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
            <Tabs value={tab} onChange={(_, v: 'diff' | 'files') => setTab(v)} aria-label={t('config.viewLabel')}>
              <Tab value="diff" label={t('config.diffTab')} />
              <Tab value="files" label={t('config.filesTab', { count: data.files.filter((f) => f.desired !== null).length })} />
            </Tabs>
          </Box>
          <Box sx={{ p: 2 }}>
            {tab === 'diff' &&
              (data.pending ? (
                <Stack spacing={1}>
                  <Typography variant="body2" color="text.secondary">
                    {t('config.diffHint')}
                  </Typography>
                  <DiffView diff={data.diff} />
                </Stack>
              ) : (
                <Alert severity="success" data-testid={`${pluginId}-config-in-sync`}>
                  {t('config.inSync')}
                </Alert>
              ))}
            {tab === 'files' && <ConfigFiles files={data.files.filter((f) => f.desired !== null)} />}
          </Box>
        </Paper>
      )}
      <ConfirmDialog
        open={confirmRollback}
        color="warning"
        title={t('config.rollbackConfirm.title')}
        text={t('config.rollbackConfirm.text')}
        confirm={t('config.rollbackConfirm.confirm')}
        onClose={() => setConfirmRollback(false)}
        onConfirm={async () => {
          const outcome = await rollBack();
          setConfirmRollback(false);
          if (outcome === 'nothing') host.notify('info', t('config.noPreviousVersion'));
        }}
      />
    </SiteFrame>
  );
}
