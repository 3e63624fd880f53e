import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLiveLease, useManagedHost, ReadOnlyHint, useReadOnly } from '../../web/index.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useWebServer, useWebServerApi, useFamilyT } from './context.tsx';
import { type LogEntry, type LogKind, type LogTailEvent } from './model.ts';
import { LogTable } from './LogTable.tsx';
import { SiteFrame } from './SiteFrame.tsx';

const RENEW_MS = 30_000;
const MAX_LIVE = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** While `enabled`, holds a tail lease on the server (the stats family's `useLiveLease`) and collects the entries it pushes. */
function useLiveTail(enabled: boolean, vhostId: number, kind: LogKind) {
  const host = useManagedHost();
  const { pluginId } = useWebServer();
  const api = useWebServerApi();
  const [start] = api.useStartLogTail();
  const [stop] = api.useStopLogTail();
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const args = { clusterId: host.cluster.id, serverId: host.server.id, vhostId, kind };

  // The member's `<id>.log` event (its live tail publishes it).
  const latest = useRef({ enabled, vhostId, kind });
  latest.current = { enabled, vhostId, kind };
  const subscribe = host.subscribe;
  useEffect(
    () =>
      subscribe(`${pluginId}.log`, (payload) => {
        const e = payload as LogTailEvent;
        const now = latest.current;
        if (now.enabled && e.vhostId === now.vhostId && e.kind === now.kind) setEntries((old) => [...[...e.entries].reverse(), ...old].slice(0, MAX_LIVE));
      }),
    [subscribe, pluginId],
  );
  useEffect(() => {
    if (enabled) setEntries([]);
  }, [enabled, args.serverId, vhostId, kind]);
  const { failed } = useLiveLease<string>(`${args.serverId}:${vhostId}:${kind}`, {
    enabled,
    take: async (tailId) => {
      const r = await start({ ...args, query: tailId ? { tailId } : undefined });
      return { lease: 'data' in r && r.data ? r.data.tailId : null, renewInMs: RENEW_MS };
    },
    release: (tailId) => void stop({ ...args, tailId }),
  });

  return { entries: enabled ? entries : [], failed };
}

/** A domain's access or error log: search on the server, pages, newest first, and a live tail. */
export function LogsPage() {
  const { pluginId } = useWebServer();
  const { t } = useFamilyT(pluginId);
  const host = useManagedHost();
  const readOnly = useReadOnly();
  const params = useParams();
  const vhostId = Number(params.vhostId);
  const kind: LogKind = params.kind === 'error' ? 'error' : 'access';
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const api = useWebServerApi();
  const vhost = api.useVhost({ ...args, vhostId });
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(25);
  const [live, setLive] = useState(false);
  const list = api.useLogEntries({
    ...args,
    vhostId,
    kind,
    query: { search: debounced || undefined, page, per_page: perPage },
  });
  const tail = useLiveTail(live, vhostId, kind);
  const needle = debounced.toLowerCase();
  const fresh = page === 1 ? tail.entries.filter((e) => !needle || e.raw.toLowerCase().includes(needle)) : [];

  useEffect(() => setPage(1), [debounced, kind, vhostId]);
  // Turning live off: the list loads again with what arrived meanwhile.
  const toggleLive = (on: boolean) => {
    setLive(on);
    if (!on) void list.refetch();
  };

  const name = vhost.data?.serverNames[0] ?? '';
  return (
    <SiteFrame tab="domains">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
        {/* On phones the title goes under the back link: beside it, a long domain would wrap into a narrow column. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, minWidth: 0 }}>
          <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={host.sectionPath(pluginId)} sx={{ flexShrink: 0 }}>
            {t('logs.back')}
          </Button>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {t(`logs.title.${kind}`, { name })}
          </Typography>
        </Stack>
        {/* The two logs as tabs that are links (each log has its address): no aria-pressed on a link (issue 15). */}
        <Tabs value={kind} aria-label={t('logs.kindLabel')} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}>
          {(['access', 'error'] as const).map((k) => (
            <Tab
              key={k}
              value={k}
              label={t(`logs.kind.${k}`)}
              component={RouterLink}
              to={host.sectionPath(pluginId, `domains/${vhostId}/logs/${k}`)}
              id={`${pluginId}-log-tab-${k}`}
              aria-controls={k === kind && list.data ? `${pluginId}-log-panel` : undefined}
            />
          ))}
        </Tabs>
      </Stack>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('logs.search')}
          placeholder={kind === 'access' ? t('logs.searchPlaceholder.access') : t('logs.searchPlaceholder.error')}
          value={search}
          onChange={(e) => setSearch(e.target.value.slice(0, 200))}
          sx={{ flex: 1, maxWidth: 480 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {/* Following the log starts a tail on the server: a write the read-only demo refuses. */}
        <ReadOnlyHint>
          <FormControlLabel
            disabled={readOnly}
            control={<Switch checked={live} onChange={(e) => toggleLive(e.target.checked)} />}
            label={t('logs.live')}
          />
        </ReadOnlyHint>
        {live && (
          <Typography variant="body2" color="text.secondary" role="status">
            {!host.connected
              ? t('logs.liveOffline')
              : tail.failed
                ? t('logs.liveFailed')
                : t('logs.liveOn', { count: tail.entries.length })}
          </Typography>
        )}
      </Stack>

      {list.isFetching && <LinearProgress aria-label={t('list.loading')} />}
      {list.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('list.retry')}
            </Button>
          }
        >
          {t('list.loadFailed')}
        </Alert>
      )}
      {list.data && (
        <Paper variant="outlined" role="tabpanel" id={`${pluginId}-log-panel`} aria-labelledby={`${pluginId}-log-tab-${kind}`}>
          {list.data.data.length + fresh.length === 0 ? (
            <Box sx={{ p: 4, textAlign: 'center' }} data-testid={`${pluginId}-log-empty`}>
              <Typography variant="h6" component="p">
                {debounced ? t('logs.noMatch') : t('logs.empty')}
              </Typography>
              <Typography color="text.secondary">{debounced ? t('logs.noMatchHint') : t(`logs.emptyHint.${kind}`)}</Typography>
            </Box>
          ) : (
            <>
              <LogTable kind={kind} entries={[...fresh, ...list.data.data]} fresh={fresh.length} />
              <TablePagination
                component="div"
                count={list.data.meta.total}
                page={page - 1}
                onPageChange={(_, p) => setPage(p + 1)}
                rowsPerPage={perPage}
                rowsPerPageOptions={[25, 50, 100]}
                onRowsPerPageChange={(e) => {
                  setPerPage(Number(e.target.value));
                  setPage(1);
                }}
                labelRowsPerPage={t('logs.perPage')}
                labelDisplayedRows={({ from, to, count }) => t('logs.displayed', { from, to, count })}
                getItemAriaLabel={(type) => t(`logs.pageButton.${type}`)}
              />
            </>
          )}
        </Paper>
      )}
    </SiteFrame>
  );
}
