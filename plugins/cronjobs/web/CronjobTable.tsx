import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataTable, type Column, type ResultOf, WriteIconButton } from '@portal/plugin-sdk/web';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { describeSchedule } from './describe.ts';
import { formatRun } from './format.ts';

export type Cronjob = ResultOf<'getCronjob'>;

interface Props {
  jobs: readonly Cronjob[];
  caption: string;
  timeZone: string;
  /** The SPA path of a job's edit page. */
  editPath: (job: Cronjob) => string;
  onDelete: (job: Cronjob) => void;
  /** Shown instead of the table when there are no jobs. */
  empty?: ReactNode;
}

const mono = { fontFamily: 'monospace', fontSize: '0.875rem' } as const;

/** The jobs of a server (SDK table: sort, search, pages): schedule in words, next run (the next five on demand), command, user, state, last run. */
export function CronjobTable({ jobs, caption, timeZone, editPath, onDelete, empty }: Props) {
  const { t, i18n } = useTranslation('cronjobs');
  const [open, setOpen] = useState<Record<number, boolean>>({});
  const columns: Column<Cronjob>[] = [
    {
      id: 'command',
      label: t('list.columns.command'),
      sortValue: (job) => job.command,
      render: (job) => (
        <Box component="code" sx={{ ...mono, overflowWrap: 'anywhere', display: 'block', minWidth: 220 }}>
          {job.command}
        </Box>
      ),
    },
    {
      id: 'schedule',
      label: t('list.columns.schedule'),
      render: (job) => (
        <>
          <Box component="code" sx={mono}>
            {job.schedule}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
            {describeSchedule(job.schedule, i18n.language)}
          </Typography>
          {!job.enabled && <Chip size="small" variant="outlined" label={t('list.disabled')} sx={{ mt: 0.5 }} />}
        </>
      ),
    },
    { id: 'user', label: t('list.columns.user'), nowrap: true, sortValue: (job) => job.user, render: (job) => job.user },
    {
      id: 'nextRun',
      label: t('list.columns.nextRun'),
      nowrap: true,
      sortValue: (job) => job.nextRuns[0] ?? '~',
      render: (job) => {
        const expanded = !!open[job.id];
        return job.nextRuns.length ? (
          <>
            <time dateTime={job.nextRuns[0]}>{formatRun(job.nextRuns[0], i18n.language, timeZone, true)}</time>
            <IconButton
              size="small"
              onClick={() => setOpen((o) => ({ ...o, [job.id]: !expanded }))}
              aria-expanded={expanded}
              aria-controls={`cronjob-${job.id}-runs`}
              aria-label={t(expanded ? 'list.hideRuns' : 'list.showRuns', { id: job.id })}
              sx={{ ml: 0.5 }}
            >
              {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </IconButton>
          </>
        ) : (
          t('list.notScheduled')
        );
      },
    },
    {
      id: 'lastRun',
      label: t('list.columns.lastRun'),
      sortValue: (job) => job.lastRunAt ?? '',
      render: (job) =>
        job.lastRunAt ? (
          <>
            <time dateTime={job.lastRunAt}>{formatRun(job.lastRunAt, i18n.language, timeZone, true)}</time>
            {job.lastExitCode !== null && (
              <Chip
                size="small"
                sx={{ ml: 1 }}
                color={job.lastExitCode === 0 ? 'success' : 'error'}
                label={t('list.exitCode', { code: job.lastExitCode })}
              />
            )}
          </>
        ) : (
          <Tooltip title={t('list.lastRunNeverHint')}>
            <Typography variant="body2" color="text.secondary" component="span" tabIndex={0}>
              {t('list.lastRunNever')}
            </Typography>
          </Tooltip>
        ),
    },
    {
      id: 'actions',
      label: t('list.columns.actions'),
      align: 'right',
      nowrap: true,
      render: (job) => (
        <>
          <Tooltip title={t('list.edit', { id: job.id })}>
            <IconButton aria-label={t('list.edit', { id: job.id })} component={RouterLink} to={editPath(job)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('list.delete', { id: job.id })}>
            <WriteIconButton aria-label={t('list.delete', { id: job.id })} onClick={() => onDelete(job)} color="error">
              <DeleteIcon />
            </WriteIconButton>
          </Tooltip>
        </>
      ),
    },
  ];
  return (
    <DataTable
      rows={jobs}
      columns={columns}
      rowKey={(job) => job.id}
      caption={caption}
      empty={empty}
      size="small"
      searchText={jobs.length > 5 ? (job) => `${job.command} ${job.schedule} ${job.user}` : undefined}
      rowProps={(job) => ({
        'data-testid': `cronjob-${job.id}`,
        sx: { '& > td': { borderBottom: open[job.id] ? 'none' : undefined }, verticalAlign: 'top' },
      })}
      renderAfterRow={(job) => (
        <TableRow>
          <TableCell colSpan={columns.length} sx={{ py: 0, borderBottom: open[job.id] ? undefined : 'none' }}>
            <Collapse in={!!open[job.id]} id={`cronjob-${job.id}-runs`}>
              <Box sx={{ py: 1.5 }}>
                <Typography variant="subtitle2">{t('list.nextRuns')}</Typography>
                <Box component="ol" sx={{ m: 0, pl: 3 }}>
                  {job.nextRuns.map((r) => (
                    <Typography component="li" variant="body2" key={r}>
                      <time dateTime={r}>{formatRun(r, i18n.language, timeZone)}</time>
                    </Typography>
                  ))}
                </Box>
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
