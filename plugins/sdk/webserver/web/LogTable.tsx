import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useWebServer, useFamilyT } from './context.tsx';
import type { LogEntry, LogKind } from './model.ts';
import { formatBytes, formatDateTime } from './format.ts';

const statusColor = (status: number | null) =>
  status === null ? 'default' : status >= 500 ? 'error' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';
const levelColor = (level: string | null) =>
  level === 'emerg' || level === 'alert' || level === 'crit' || level === 'error' ? 'error' : level === 'warn' ? 'warning' : 'default';

interface Props {
  kind: LogKind;
  entries: LogEntry[];
  /** The first entries that arrived live (highlighted). */
  fresh?: number;
}

/** Log entries, newest first: requests (access log) or messages (error log). */
export function LogTable({ kind, entries, fresh = 0 }: Props) {
  const { pluginId } = useWebServer();
  const { t, i18n } = useFamilyT(pluginId);
  const highlight = (i: number) =>
    i < fresh ? { bgcolor: (theme: { palette: { info: { main: string } } }) => alpha(theme.palette.info.main, 0.1) } : {};
  const mono = { fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' } as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={t(`logs.tableLabel.${kind}`)}>
        <TableHead>
          {kind === 'access' ? (
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('logs.columns.time')}</TableCell>
              <TableCell>{t('logs.columns.client')}</TableCell>
              <TableCell>{t('logs.columns.request')}</TableCell>
              <TableCell>{t('logs.columns.status')}</TableCell>
              <TableCell align="right">{t('logs.columns.bytes')}</TableCell>
              <TableCell align="right">{t('logs.columns.duration')}</TableCell>
              <TableCell>{t('logs.columns.userAgent')}</TableCell>
            </TableRow>
          ) : (
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('logs.columns.time')}</TableCell>
              <TableCell>{t('logs.columns.level')}</TableCell>
              <TableCell>{t('logs.columns.message')}</TableCell>
            </TableRow>
          )}
        </TableHead>
        <TableBody>
          {entries.map((e, i) =>
            kind === 'access' ? (
              <TableRow key={`${i}-${e.line}-${e.raw.length}`} data-testid={`${pluginId}-log-row`} sx={highlight(i)}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.time, i18n.language)}</TableCell>
                <TableCell sx={mono}>{e.client ?? '–'}</TableCell>
                <TableCell sx={mono}>{e.method ? `${e.method} ${e.uri ?? ''}` : e.raw}</TableCell>
                <TableCell>
                  {e.status !== null && <Chip size="small" variant="outlined" color={statusColor(e.status)} label={e.status} />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(e.bytes, i18n.language)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {e.durationMs === null ? '–' : t('logs.ms', { value: e.durationMs })}
                </TableCell>
                <TableCell>
                  <Typography
                    variant="body2"
                    title={e.userAgent ?? undefined}
                    sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {e.userAgent ?? '–'}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              <TableRow key={`${i}-${e.line}-${e.raw.length}`} data-testid={`${pluginId}-log-row`} sx={highlight(i)}>
                <TableCell sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>{formatDateTime(e.time, i18n.language)}</TableCell>
                <TableCell sx={{ verticalAlign: 'top' }}>
                  {e.level && <Chip size="small" variant="outlined" color={levelColor(e.level)} label={e.level} />}
                </TableCell>
                <TableCell sx={mono}>{e.message ?? e.raw}</TableCell>
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
