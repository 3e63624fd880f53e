import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState, QueryState, useManagedHost } from '@portal/plugin-sdk/web';
import { useState } from 'react';
import { varnishSslApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';
import { VarnishTabs } from './Tabs.tsx';

/** The latest requests as varnishncsa logs them, with a search. */
export function LogsPage() {
  const { t } = useT();
  const host = useManagedHost();
  const [search, setSearch] = useState('');
  const query = varnishSslApi.useListVarnishSslLogQuery({
    clusterId: host.cluster.id,
    serverId: host.server.id,
    query: { lines: 500, ...(search ? { search } : {}) },
  });
  return (
    <Stack spacing={3}>
      <VarnishTabs tab="logs" />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h2" sx={{ fontSize: '1.375rem' }}>
            {t('logs.title')}
          </Typography>
          <Typography variant="body2">{t('logs.intro')}</Typography>
          <Stack direction="row" spacing={2}>
            <TextField id="varnish-ssl-log-search" size="small" label={t('logs.search')} value={search} onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
            <Button variant="outlined" onClick={() => void query.refetch()}>
              {t('logs.refresh')}
            </Button>
          </Stack>
          <QueryState query={query}>
            {(data) =>
              !data.running ? (
                <EmptyState title={t('logs.notRunning')} />
              ) : data.entries.length === 0 ? (
                <EmptyState title={t('logs.empty')} />
              ) : (
                <Box
                  component="pre"
                  tabIndex={0}
                  aria-label={t('logs.title')}
                  data-testid="varnish-ssl-log"
                  sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0, maxHeight: 500, overflow: 'auto' }}
                >
                  {data.entries.map((e) => e.line).join('\n')}
                </Box>
              )
            }
          </QueryState>
        </Stack>
      </Paper>
    </Stack>
  );
}
