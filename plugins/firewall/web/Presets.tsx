import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog, errorMessageOf, useApply, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { firewallApi, firewallClient } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Preset = 'web' | 'mail' | 'ssh' | 'close_others';

/** The presets: web, mail, ssh from the office addresses typed here, close everything else (after a confirmation). */
export function Presets() {
  const { t } = useT();
  const host = useManagedHost();
  const apply = useApply(firewallClient);
  const [add, adding] = firewallApi.useAddFirewallPresetMutation();
  const [sources, setSources] = useState('');
  const [error, setError] = useState<string>();
  const [closing, setClosing] = useState(false);
  const run = async (preset: Preset) => {
    setError(undefined);
    const r = await apply.track(add({ clusterId: host.cluster.id, serverId: host.server.id, body: preset === 'ssh' ? { preset, sources } : { preset } }));
    if (r && 'error' in r && r.error) {
      const fields = host.submitErrors(r.error) as Record<string, string> | undefined;
      setError(fields?.sources ?? fields?.['_'] ?? errorMessageOf(r.error));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="firewall-presets-title">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="firewall-presets-title">
          {t('presets.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('presets.intro')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <Button variant="outlined" disabled={adding.isLoading} onClick={() => void run('web')}>
            {t('presets.web')}
          </Button>
          <Button variant="outlined" disabled={adding.isLoading} onClick={() => void run('mail')}>
            {t('presets.mail')}
          </Button>
          <Button variant="outlined" color="warning" disabled={adding.isLoading} onClick={() => setClosing(true)}>
            {t('presets.close_others')}
          </Button>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            id="firewall-preset-sources"
            label={t('presets.sources')}
            helperText={error ?? t('presets.sourcesHelp')}
            error={!!error}
            value={sources}
            onChange={(e) => setSources(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            size="small"
            sx={{ minWidth: { sm: 360 } }}
          />
          <Button variant="outlined" disabled={adding.isLoading} onClick={() => void run('ssh')}>
            {t('presets.ssh')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={closing}
        title={t('presets.closeTitle')}
        text={t('presets.closeText')}
        confirm={t('presets.closeConfirm')}
        color="warning"
        onClose={() => setClosing(false)}
        onConfirm={async () => {
          setClosing(false);
          await run('close_others');
        }}
      />
    </Paper>
  );
}
