import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, QueryState, useManagedHost, type Column } from '@portal/plugin-sdk/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { supervisorApi } from '../generated/client.ts';
import { useT } from '../generated/i18n.ts';

type Program = Schemas['SupervisorProgram'];
type Process = Schemas['SupervisorProcess'];

const stateColor = (s: string): 'success' | 'warning' | 'error' | 'default' =>
  s === 'RUNNING'
    ? 'success'
    : s === 'STARTING' || s === 'STOPPING'
      ? 'warning'
      : s === 'BACKOFF' || s === 'FATAL' || s === 'EXITED'
        ? 'error'
        : 'default';

/** Lines the dialog keeps (the oldest go first). */
const keptLines = 2000;

/**
 * The log of one program: its last 200 lines, then following new ones while the dialog is open (the log operation
 * polled every 2 s with the cursor of the last answer, `after`), with pause and resume.
 */
function LogDialog({ program, onClose }: { program: Program; onClose: () => void }) {
  const { t } = useT();
  const host = useManagedHost();
  const [fetchLog] = supervisorApi.useLazyGetSupervisorProgramLogQuery();
  const [lines, setLines] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [paused, setPaused] = useState(false);
  const [rotated, setRotated] = useState(false);
  const offset = useRef<number | undefined>(undefined);
  const busy = useRef(false);
  const box = useRef<HTMLPreElement | null>(null);
  const clusterId = host.cluster.id;
  const serverId = host.server.id;

  const poll = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const after = offset.current;
      const r = await fetchLog({
        clusterId,
        serverId,
        programId: program.id,
        query: after === undefined ? { lines: 200 } : { lines: keptLines, after },
      }).unwrap();
      offset.current = r.offset;
      if (r.rotated) setRotated(true);
      const el = box.current;
      const atEnd = !el || el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
      setLines((old) =>
        after === undefined || r.rotated || !old ? r.lines : r.lines.length ? [...old, ...r.lines].slice(-keptLines) : old,
      );
      setFailed(false);
      // Follow the end unless the reader scrolled up.
      if (atEnd) requestAnimationFrame(() => box.current && (box.current.scrollTop = box.current.scrollHeight));
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
    }
  }, [fetchLog, clusterId, serverId, program.id]);

  useEffect(() => {
    if (offset.current === undefined) void poll();
    if (paused) return;
    const timer = setInterval(() => void poll(), 2000);
    return () => clearInterval(timer);
  }, [paused, poll]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="supervisor-log-title">
      <DialogTitle id="supervisor-log-title">{t('log.title', { name: program.name })}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Chip
            size="small"
            color={paused ? 'default' : 'success'}
            label={paused ? t('log.paused') : t('log.live')}
            role="status"
            aria-live="polite"
          />
        </Stack>
        {rotated && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('log.rotated')}
          </Alert>
        )}
        {failed && lines === null ? (
          <Alert severity="error">{t('log.failed')}</Alert>
        ) : lines === null ? (
          <Typography>{t('log.loading')}</Typography>
        ) : lines.length ? (
          <Box
            component="pre"
            ref={box}
            tabIndex={0}
            aria-label={t('log.title', { name: program.name })}
            data-testid="supervisor-log"
            sx={{
              fontFamily: 'monospace',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-all',
              m: 0,
              maxHeight: 400,
              overflow: 'auto',
            }}
          >
            {lines.join('\n')}
          </Box>
        ) : (
          <Typography>{t('log.empty')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setPaused((p) => !p)} aria-pressed={paused} startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}>
          {paused ? t('log.resume') : t('log.pause')}
        </Button>
        <Button onClick={onClose} autoFocus>
          {t('log.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Live status of every process (polled), a crash-loop notice, start/stop/restart and the log per program. */
export function StatusPanel({ programs }: { programs: readonly Program[] }) {
  const { t } = useT();
  const host = useManagedHost();
  const args = { clusterId: host.cluster.id, serverId: host.server.id };
  const status = supervisorApi.useGetSupervisorStatusQuery(args, { pollingInterval: 5000 });
  const [control, controlState] = supervisorApi.useControlSupervisorProgramMutation();
  const [logOf, setLogOf] = useState<Program | null>(null);
  const byName = new Map(programs.map((p) => [p.name, p]));
  const act = (p: Program, action: 'start' | 'stop' | 'restart') =>
    void control({ ...args, programId: p.id, body: { action } }).then(() => status.refetch());
  const columns: Column<Process>[] = [
    { id: 'process', label: t('status.process'), render: (r) => <code>{r.process}</code>, sortValue: (r) => r.process },
    {
      id: 'state',
      label: t('status.state'),
      render: (r) => (
        <Stack direction="row" spacing={0.5}>
          <Chip size="small" color={stateColor(r.state)} label={r.state} />
          {r.crashLoop && <Chip size="small" color="error" variant="outlined" label={t('status.crashLoopChip')} />}
        </Stack>
      ),
      sortValue: (r) => r.state,
    },
    { id: 'detail', label: t('status.detail'), render: (r) => r.detail },
    {
      id: 'actions',
      label: t('list.columns.actions'),
      hideLabel: true,
      align: 'right',
      nowrap: true,
      render: (r) => {
        const p = byName.get(r.program);
        if (!p) return null;
        return (
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            {(['start', 'stop', 'restart'] as const).map((a) => (
              <Button
                key={a}
                size="small"
                disabled={controlState.isLoading}
                onClick={() => act(p, a)}
                aria-label={t(`status.${a}`, { name: r.process })}
              >
                {t(`status.actions.${a}`)}
              </Button>
            ))}
            <Button size="small" onClick={() => setLogOf(p)} aria-label={t('status.log', { name: r.process })}>
              {t('status.actions.log')}
            </Button>
          </Stack>
        );
      },
    },
  ];
  return (
    <Box component="section" aria-labelledby="supervisor-status-title" sx={{ mt: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="supervisor-status-title">
          {t('status.title')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void status.refetch()}>
          {t('status.refresh')}
        </Button>
      </Stack>
      <QueryState query={status}>
        {(data) =>
          !data.running ? (
            <Alert severity="info">{t('status.notRunning')}</Alert>
          ) : (
            <>
              {[...new Map(data.processes.filter((p) => p.crashLoop).map((p) => [p.program, p])).values()].map((p) => (
                <Alert key={p.program} severity="error" sx={{ mb: 1 }} data-testid={`supervisor-crashloop-${p.program}`}>
                  {p.state === 'BACKOFF' || p.state === 'FATAL'
                    ? t('status.crashLoop', { name: p.program, state: p.state })
                    : t('status.crashLoopRestarts', { name: p.program, starts: p.restarts })}
                </Alert>
              ))}
              <DataTable
                rows={data.processes}
                columns={columns}
                rowKey={(r) => r.process}
                caption={t('status.caption')}
                empty={t('status.none')}
              />
            </>
          )
        }
      </QueryState>
      {logOf && <LogDialog program={logOf} onClose={() => setLogOf(null)} />}
    </Box>
  );
}
