import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Cronjob } from './api.ts';
import { describeSchedule } from './describe.ts';
import { formatRun } from './format.ts';

interface Props {
  jobs: readonly Cronjob[];
  caption: string;
  timeZone: string;
  /** The SPA path of a job's edit page. */
  editPath: (job: Cronjob) => string;
  onDelete: (job: Cronjob) => void;
}

const mono = { fontFamily: 'monospace', fontSize: '0.875rem' } as const;

/** The jobs of a server: schedule in words, next run (the next five on demand), command, user, state, last run. */
export function CronjobTable({ jobs, caption, timeZone, editPath, onDelete }: Props) {
  const { t, i18n } = useTranslation('cronjobs');
  const [open, setOpen] = useState<Record<number, boolean>>({});
  return (
    <TableContainer>
      <Table size="small" aria-label={caption} sx={{ minWidth: 900, tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.command')}</TableCell>
            <TableCell sx={{ width: 190 }}>{t('list.columns.schedule')}</TableCell>
            <TableCell sx={{ width: 96 }}>{t('list.columns.user')}</TableCell>
            <TableCell sx={{ width: 200 }}>{t('list.columns.nextRun')}</TableCell>
            <TableCell sx={{ width: 130 }}>{t('list.columns.lastRun')}</TableCell>
            <TableCell sx={{ width: 104 }} align="right">
              {t('list.columns.actions')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((job) => {
            const expanded = !!open[job.id];
            const detailsId = `cronjob-${job.id}-runs`;
            return (
              <Fragment key={job.id}>
                <TableRow data-testid={`cronjob-${job.id}`} sx={{ '& > td': { borderBottom: expanded ? 'none' : undefined }, verticalAlign: 'top' }}>
                  <TableCell>
                    <Box component="code" sx={{ ...mono, overflowWrap: 'anywhere' }}>
                      {job.command}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <Box component="code" sx={mono}>
                      {job.schedule}
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {describeSchedule(job.schedule, i18n.language)}
                    </Typography>
                    {!job.enabled && <Chip size="small" variant="outlined" label={t('list.disabled')} sx={{ mt: 0.5 }} />}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.user}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {job.nextRuns.length ? (
                      <>
                        <time dateTime={job.nextRuns[0]}>{formatRun(job.nextRuns[0], i18n.language, timeZone, true)}</time>
                        <IconButton
                          size="small"
                          onClick={() => setOpen((o) => ({ ...o, [job.id]: !expanded }))}
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          aria-label={t(expanded ? 'list.hideRuns' : 'list.showRuns', { id: job.id })}
                          sx={{ ml: 0.5 }}
                        >
                          {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
                        </IconButton>
                      </>
                    ) : (
                      t('list.notScheduled')
                    )}
                  </TableCell>
                  <TableCell>
                    {job.lastRunAt ? (
                      <>
                        <time dateTime={job.lastRunAt}>{formatRun(job.lastRunAt, i18n.language, timeZone, true)}</time>
                        {job.lastExitCode !== null && (
                          <Chip size="small" sx={{ ml: 1 }} color={job.lastExitCode === 0 ? 'success' : 'error'} label={t('list.exitCode', { code: job.lastExitCode })} />
                        )}
                      </>
                    ) : (
                      <Tooltip title={t('list.lastRunNeverHint')}>
                        <Typography variant="body2" color="text.secondary" component="span" tabIndex={0}>
                          {t('list.lastRunNever')}
                        </Typography>
                      </Tooltip>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('list.edit', { id: job.id })}>
                      <IconButton aria-label={t('list.edit', { id: job.id })} component={RouterLink} to={editPath(job)}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('list.delete', { id: job.id })}>
                      <IconButton aria-label={t('list.delete', { id: job.id })} onClick={() => onDelete(job)} color="error">
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                    <Collapse in={expanded} id={detailsId}>
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
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
