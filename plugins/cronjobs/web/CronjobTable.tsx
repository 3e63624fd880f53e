import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime, ResourceTable, type Column, type ResultOf } from '@portal/plugin-sdk/web';
import type { ReactNode } from 'react';
import { cronjobResource } from '../generated/resources.ts';
import { describeSchedule } from './SchedulePreview.tsx';
import { useT } from '../generated/i18n.ts';

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

/** The jobs of a server (the SDK's resource table: sort, search, pages, edit, delete): schedule in words, next run (the next five on demand), command, user, state, last run. */
export function CronjobTable({ jobs, caption, timeZone, editPath, onDelete, empty }: Props) {
  const { t, i18n } = useT();
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
      render: (job, runs) =>
        job.nextRuns.length ? (
          <>
            <time dateTime={job.nextRuns[0]}>{formatDateTime(job.nextRuns[0], i18n.language, { timeZone, compact: true })}</time>
            {runs.toggle}
          </>
        ) : (
          t('list.notScheduled')
        ),
    },
    {
      id: 'lastRun',
      label: t('list.columns.lastRun'),
      sortValue: (job) => job.lastRunAt ?? '',
      render: (job) =>
        job.lastRunAt ? (
          <>
            <time dateTime={job.lastRunAt}>{formatDateTime(job.lastRunAt, i18n.language, { timeZone, compact: true })}</time>
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
  ];
  return (
    <ResourceTable
      resource={cronjobResource}
      rows={jobs}
      columns={columns}
      caption={caption}
      empty={empty}
      editPath={editPath}
      onDelete={onDelete}
      searchText={(job) => `${job.command} ${job.schedule} ${job.user}`}
      details={{
        label: (job, open) => t(open ? 'list.hideRuns' : 'list.showRuns', { id: job.id }),
        content: (job) => (
          <>
            <Typography variant="subtitle2">{t('list.nextRuns')}</Typography>
            <Box component="ol" sx={{ m: 0, pl: 3 }}>
              {job.nextRuns.map((r) => (
                <Typography component="li" variant="body2" key={r}>
                  <time dateTime={r}>{formatDateTime(r, i18n.language, { timeZone })}</time>
                </Typography>
              ))}
            </Box>
          </>
        ),
      }}
    />
  );
}
