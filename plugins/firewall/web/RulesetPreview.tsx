import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useManagedHost } from '@portal/plugin-sdk/web';
import { firewallApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

/** The rule set the stored rules render to and what the real `nft -c -f` says about it, on demand. */
export function RulesetPreview() {
  const { t } = useT();
  const host = useManagedHost();
  const [load, preview] = firewallApi.useLazyGetFirewallPreviewQuery();
  const data = preview.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="firewall-preview-title">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2" id="firewall-preview-title">
          {t('preview.title')}
        </Typography>
        <Box>
          <Button variant="outlined" onClick={() => void load({ clusterId: host.cluster.id, serverId: host.server.id })} disabled={preview.isFetching}>
            {t('preview.show')}
          </Button>
        </Box>
        {data && (
          <>
            <Alert severity={data.check.status === 'passed' ? 'success' : data.check.status === 'failed' ? 'error' : 'info'} data-testid="firewall-preview-check">
              {t(`preview.${data.check.status}`)}
              {data.check.status === 'failed' && <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{data.check.output}</pre>}
            </Alert>
            <Box
              component="pre"
              tabIndex={0}
              aria-label={data.path}
              data-testid="firewall-preview-ruleset"
              sx={{ m: 0, p: 1.5, overflowX: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}
            >
              {data.content}
            </Box>
          </>
        )}
      </Stack>
    </Paper>
  );
}
