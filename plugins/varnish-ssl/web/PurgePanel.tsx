import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { ConfirmDialog, useManagedHost, WriteButton } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { varnishSslApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Scope = Schemas['VarnishSslPurge']['scope'];

/** Purge one URL, a whole site, or everything (the last after a confirmation). */
export function PurgePanel() {
  const { t } = useT();
  const host = useManagedHost();
  const [scope, setScope] = useState<Scope>('url');
  const [siteHost, setSiteHost] = useState('');
  const [path, setPath] = useState('/');
  const [confirming, setConfirming] = useState(false);
  const [purge, purging] = varnishSslApi.usePurgeVarnishSslMutation();

  const run = async () => {
    const body: Schemas['VarnishSslPurge'] = scope === 'all' ? { scope } : scope === 'site' ? { scope, host: siteHost } : { scope, host: siteHost, path };
    const r = await purge({ clusterId: host.cluster.id, serverId: host.server.id, body });
    if (r.data) host.notify('success', t('purge.done', { ban: r.data.ban }));
    else host.notifyFailure(r.error);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2} component="form" aria-label={t('purge.title')} onSubmit={(e) => (e.preventDefault(), scope === 'all' ? setConfirming(true) : void run())}>
        <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
          {t('purge.title')}
        </Typography>
        <TextField id="varnish-ssl-purge-scope" select label={t('purge.scope')} value={scope} onChange={(e) => setScope(e.target.value as Scope)} sx={{ maxWidth: 320 }}>
          {(['url', 'site', 'all'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`purge.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {scope !== 'all' && (
          <TextField id="varnish-ssl-purge-host" label={t('purge.host')} value={siteHost} required onChange={(e) => setSiteHost(e.target.value)} slotProps={{ htmlInput: { maxLength: 253 } }} />
        )}
        {scope === 'url' && (
          <TextField id="varnish-ssl-purge-path" label={t('purge.path')} value={path} required onChange={(e) => setPath(e.target.value)} slotProps={{ htmlInput: { maxLength: 1000 } }} />
        )}
        <div>
          <WriteButton type="submit" variant="contained" color={scope === 'all' ? 'error' : 'primary'} disabled={purging.isLoading}>
            {t('purge.submit')}
          </WriteButton>
        </div>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('purge.confirmTitle')}
        text={t('purge.confirmText')}
        confirm={t('purge.confirm')}
        onConfirm={async () => {
          await run();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
