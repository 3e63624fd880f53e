import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, formatDateTime, formatDecimal, numberFormats, useManagedHost, type Column } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';
import { delta } from './delta.ts';
import { Probes } from './Probes.tsx';
import { ProfileLinks, Queries } from './Queries.tsx';

type Result = Schemas['ShopPerformanceResult'];
type Url = Result['urls'][number];
type Slow = Result['slowest'][number];

/** The figures of a finished report. */
export function Figures({ result }: { result: Result }) {
  const { t, language } = useT();
  const host = useManagedHost();
  const f = numberFormats(language);
  // The profile column only where the profiler runs (its links lead to its section).
  const withProfiles = host.server.services.includes('profiler');
  const urlColumns: Column<Url>[] = [
    { id: 'path', label: t('urls.path'), render: (u) => <code style={{ wordBreak: 'break-all' }}>{u.host ? `${u.host}${u.path}` : u.path}</code>, sortValue: (u) => u.path },
    { id: 'count', label: t('urls.count'), align: 'right', render: (u) => u.count, sortValue: (u) => u.count },
    { id: 'p50', label: t('urls.p50'), align: 'right', render: (u) => `${u.p50Ms} ms`, sortValue: (u) => u.p50Ms },
    { id: 'p95', label: t('urls.p95'), align: 'right', render: (u) => `${u.p95Ms} ms`, sortValue: (u) => u.p95Ms },
    { id: 'max', label: t('urls.max'), align: 'right', render: (u) => `${u.maxMs} ms`, sortValue: (u) => u.maxMs },
    { id: 'errors', label: t('urls.errors'), align: 'right', render: (u) => f.percent1(u.errorRate * 100), sortValue: (u) => u.errorRate },
    ...(withProfiles ? [{ id: 'profiles', label: t('profiles.column'), render: (u: Url) => <ProfileLinks profiles={u.profiles} /> }] : []),
  ];
  const slowColumns: Column<Slow>[] = [
    { id: 'time', label: t('slowest.time'), nowrap: true, render: (s) => (s.time ? formatDateTime(s.time, language, { compact: true }) : '–') },
    { id: 'request', label: t('slowest.request'), render: (s) => <code style={{ wordBreak: 'break-all' }}>{`${s.method ?? ''} ${s.host ?? ''}${s.uri}`}</code> },
    { id: 'status', label: t('slowest.status'), align: 'right', render: (s) => s.status ?? '–' },
    { id: 'duration', label: t('slowest.duration'), align: 'right', render: (s) => `${s.durationMs} ms` },
    ...(withProfiles ? [{ id: 'profiles', label: t('profiles.column'), render: (s: Slow) => <ProfileLinks profiles={s.profiles} /> }] : []),
  ];
  const c = result.comparison;
  const secs = (n: number) => `${formatDecimal(n, language, 3)} s`;
  return (
    <Stack spacing={3}>
      {result.overall ? (
        <Typography data-testid="shop-performance-overall">
          {t('overall', { count: result.overall.count, p50: result.overall.p50Ms, p95: result.overall.p95Ms, avg: result.overall.avgMs, max: result.overall.maxMs })}
        </Typography>
      ) : (
        <Alert severity="info">{t('noRequests')}</Alert>
      )}
      <section>
        <Typography variant="h6" component="h2">
          {t('comparison.title')}
        </Typography>
        {c ? (
          <Stack spacing={1}>
            <Typography data-testid="shop-performance-comparison">
              {c.p50DeltaMs === null
                ? t('comparison.pagesOnly', { date: formatDateTime(c.previousAt, language) })
                : t('comparison.text', { date: formatDateTime(c.previousAt, language), p50: delta(c.p50DeltaMs), p95: delta(c.p95DeltaMs), avg: delta(c.avgDeltaMs) })}
            </Typography>
            {c.queries && (
              <Typography data-testid="shop-performance-queries-delta">
                {t('comparison.queries', { before: c.queries.countBefore, after: c.queries.countAfter, secondsBefore: secs(c.queries.secondsBefore), secondsAfter: secs(c.queries.secondsAfter) })}
              </Typography>
            )}
            {c.pages.length > 0 && (
              <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('comparison.pages')}>
                <Table size="small" aria-label={t('comparison.pages')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('pages.url')}</TableCell>
                      <TableCell align="right">{t('comparison.ttfbBefore')}</TableCell>
                      <TableCell align="right">{t('comparison.ttfbAfter')}</TableCell>
                      <TableCell align="right">{t('list.delta')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {c.pages.map((p) => (
                      <TableRow key={p.url} data-testid="shop-performance-page-delta">
                        <TableCell>
                          <code style={{ whiteSpace: 'nowrap' }}>{p.url}</code>
                        </TableCell>
                        <TableCell align="right">{formatDecimal(p.ttfbBeforeMs, language, 1)} ms</TableCell>
                        <TableCell align="right">{formatDecimal(p.ttfbAfterMs, language, 1)} ms</TableCell>
                        <TableCell align="right">{delta(Math.round((p.ttfbAfterMs - p.ttfbBeforeMs) * 10) / 10, language)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {c.urls.length > 0 && (
              <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('comparison.urls')}>
                <Table size="small" aria-label={t('comparison.urls')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('urls.path')}</TableCell>
                      <TableCell align="right">{t('comparison.before')}</TableCell>
                      <TableCell align="right">{t('comparison.after')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {c.urls.map((u) => (
                      <TableRow key={`${u.host ?? ''}${u.path}`}>
                        <TableCell>
                          <code style={{ whiteSpace: 'nowrap' }}>{u.host ? `${u.host}${u.path}` : u.path}</code>
                        </TableCell>
                        <TableCell align="right">{u.p95BeforeMs} ms</TableCell>
                        <TableCell align="right">{u.p95AfterMs} ms</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Stack>
        ) : (
          <Typography>{t('comparison.none')}</Typography>
        )}
      </section>
      <Probes result={result} />
      <section>
        <Typography variant="h6" component="h2">
          {t('cache.title')}
        </Typography>
        <Typography>{result.cache ? t('cache.ratio', { ratio: f.percent1(result.cache.ratio * 100), hits: result.cache.hits, misses: result.cache.misses }) : t('cache.none')}</Typography>
      </section>
      <section>
        <Typography variant="h6" component="h2">
          {t('fpm.title')}
        </Typography>
        {result.fpm === null ? (
          <Typography>{t('fpm.none')}</Typography>
        ) : result.fpm.length === 0 ? (
          <Typography>{t('fpm.ok')}</Typography>
        ) : (
          result.fpm.map((p) => (
            <Alert key={p.pool} severity={p.maxChildrenReached ? 'warning' : 'info'}>
              {t('fpm.pool', { pool: p.pool, reached: p.maxChildrenReached, busy: p.busyWarnings, max: p.maxChildren ?? '–' })}
            </Alert>
          ))
        )}
      </section>
      <Queries queries={result.queries} />
      {result.urls.length > 0 && <DataTable rows={result.urls} columns={urlColumns} rowKey={(u) => `${u.host ?? ''}${u.path}`} caption={t('urls.caption')} searchText={(u) => `${u.host ?? ''}${u.path}`} rowProps={() => ({ 'data-testid': 'shop-performance-url' })} />}
      {result.slowest.length > 0 && <DataTable rows={result.slowest} columns={slowColumns} rowKey={(s) => `${s.time ?? ''}${s.uri}${s.durationMs}`} caption={t('slowest.caption')} />}
    </Stack>
  );
}

