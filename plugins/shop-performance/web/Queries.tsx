import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, formatDateTime, formatDecimal, useManagedHost, type Column } from '@portal/plugin-sdk/web';
import { Link as RouterLink } from 'react-router';
import { useT } from '../generated/i18n.ts';

type Queries = Schemas['ShopPerformanceQueries'];
type Statement = Queries['statements'][number];
type ProfileLink = Schemas['ShopPerformanceProfileLink'];

/** Seconds to 0.001 in the language's format. */
const seconds = (n: number, language: string) => `${formatDecimal(n, language, 3)} s`;

/**
 * The slowest statements of the server's MariaDB in the report's window — of the cluster's database server, named,
 * where this one runs none — or why there are none to show: no MariaDB of the portal in the cluster, or its slow log
 * off (with the way to the mysql section of the server that runs it); never a zero that is not one.
 */
export function Queries({ queries }: { queries: Queries | null }) {
  const { t, language } = useT();
  const host = useManagedHost();
  const columns: Column<Statement>[] = [
    { id: 'statement', label: t('queries.statement'), render: (s) => <code style={{ wordBreak: 'break-all' }}>{s.statement}</code>, sortValue: (s) => s.statement },
    { id: 'count', label: t('queries.count'), align: 'right', render: (s) => s.count, sortValue: (s) => s.count },
    { id: 'total', label: t('queries.total'), align: 'right', render: (s) => seconds(s.totalSeconds, language), sortValue: (s) => s.totalSeconds },
    { id: 'avg', label: t('queries.avg'), align: 'right', render: (s) => seconds(s.avgSeconds, language), sortValue: (s) => s.avgSeconds },
    { id: 'max', label: t('queries.max'), align: 'right', render: (s) => seconds(s.maxSeconds, language), sortValue: (s) => s.maxSeconds },
    { id: 'rows', label: t('queries.rows'), align: 'right', render: (s) => s.rowsExamined, sortValue: (s) => s.rowsExamined },
  ];
  return (
    <section data-testid="shop-performance-queries">
      <Typography variant="h6" component="h2">
        {t('queries.title')}
      </Typography>
      {queries?.server && (
        <Typography data-testid="shop-performance-queries-server">{t('queries.fromServer', { server: queries.server.name })}</Typography>
      )}
      {queries === null ? (
        <Typography>{t('queries.notRead')}</Typography>
      ) : queries.status === 'no_mysql' ? (
        <Typography>{t('queries.noMysql')}</Typography>
      ) : queries.status === 'off' ? (
        <Alert severity="info">
          {queries.server ? t('queries.offPeer', { server: queries.server.name }) : t('queries.off')}{' '}
          <Link component={RouterLink} to={host.sectionPath('mysql', undefined, queries.server?.id)}>
            {queries.server ? t('queries.turnOnPeer', { server: queries.server.name }) : t('queries.turnOn')}
          </Link>
        </Alert>
      ) : (
        <>
          <Typography>
            {t(queries.from ? 'queries.summarySince' : 'queries.summary', {
              count: queries.count ?? 0,
              total: seconds(queries.totalSeconds ?? 0, language),
              since: queries.from ? formatDateTime(queries.from, language) : '',
              threshold: queries.thresholdSeconds === null ? '–' : seconds(queries.thresholdSeconds, language),
            })}
          </Typography>
          {queries.statements.length > 0 && <DataTable rows={queries.statements} columns={columns} rowKey={(s) => s.statement} caption={t('queries.caption')} rowProps={() => ({ 'data-testid': 'shop-performance-query' })} />}
        </>
      )}
    </section>
  );
}

/** Links to the profiler section's profiles (it opens one with `?profile=<id>`); `–` without one. */
export function ProfileLinks({ profiles }: { profiles: readonly ProfileLink[] }) {
  const { t, language } = useT();
  const host = useManagedHost();
  if (profiles.length === 0) return <>–</>;
  return (
    <>
      {profiles.map((p, i) => (
        <span key={p.id}>
          {i > 0 && ', '}
          <Link component={RouterLink} to={`${host.sectionPath('profiler')}?profile=${encodeURIComponent(p.id)}`} aria-label={t('profiles.open', { date: formatDateTime(p.startedAt, language), ms: p.durationMs })} data-testid="shop-performance-profile-link">
            {`${p.durationMs} ms`}
          </Link>
        </span>
      ))}
    </>
  );
}
