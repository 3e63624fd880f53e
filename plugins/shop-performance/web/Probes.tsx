import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Schemas } from '@portal/openapi';
import { DataTable, formatBytes, formatDecimal, type Column } from '@portal/plugin-sdk/web';
import { useT } from '../generated/i18n.ts';

type Result = Schemas['ShopPerformanceResult'];
type Page = Schemas['ShopPerformancePage'];
type Finding = Schemas['ShopPerformanceFinding'];
type Image = Result['images'][number];

const severityColor = { high: 'error', medium: 'warning', low: 'default' } as const;
const code = (s: string) => <code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{s}</code>;
/** A URL on one line: the table scrolls sideways (its `minWidth`) rather than breaking it every few characters. */
const url = (s: string) => <code style={{ whiteSpace: 'nowrap' }}>{s}</code>;

/**
 * The key pages probed through the private web server, what they show (with the fix), and their images. The tables
 * have a minimum width: on a phone they scroll sideways inside their region instead of squeezing the URLs to a few
 * characters a line.
 */
export function Probes({ result }: { result: Pick<Result, 'pages' | 'images' | 'findings'> }) {
  const { t, language } = useT();
  const bytes = (n: number) => formatBytes(n, language);
  const ms = (n: number) => `${formatDecimal(n, language, 1)} ms`;
  const cacheHeaders = (p: Page) =>
    [p.cacheControl && `Cache-Control: ${p.cacheControl}`, p.expires && `Expires: ${p.expires}`, p.age && `Age: ${p.age}`, p.xCache && `X-Cache: ${p.xCache}`].filter(Boolean).join('\n') || t('pages.noCacheHeaders');
  const pageColumns: Column<Page>[] = [
    { id: 'url', label: t('pages.url'), render: (p) => url(p.url), sortValue: (p) => p.url },
    { id: 'status', label: t('pages.status'), align: 'right', render: (p) => p.status, sortValue: (p) => p.status },
    { id: 'ttfb', label: t('pages.ttfb'), align: 'right', render: (p) => ms(p.ttfbMs), sortValue: (p) => p.ttfbMs },
    { id: 'total', label: t('pages.total'), align: 'right', render: (p) => ms(p.totalMs), sortValue: (p) => p.totalMs },
    { id: 'size', label: t('pages.size'), align: 'right', render: (p) => (p.bytes !== null && p.bytes !== p.wireBytes ? `${bytes(p.wireBytes)} (${bytes(p.bytes)})` : bytes(p.wireBytes)), sortValue: (p) => p.wireBytes },
    { id: 'compressed', label: t('pages.compressed'), render: (p) => (p.encoding ? t('pages.yes', { encoding: p.encoding }) : t('pages.no')) },
    { id: 'cache', label: t('pages.cache'), render: (p) => code(cacheHeaders(p)) },
  ];
  const fix = (f: Finding) => {
    const server = f.server === 'apache' ? 'Apache' : 'nginx';
    return (
      <Stack spacing={0.5}>
        <span>{t(`fix.${f.kind}`, { server })}</span>
        {f.directive && code(f.directive)}
      </Stack>
    );
  };
  const findingColumns: Column<Finding>[] = [
    { id: 'severity', label: t('findings.severity'), render: (f) => <Chip size="small" color={severityColor[f.severity]} label={t(`severity.${f.severity}`)} /> },
    { id: 'kind', label: t('findings.kind'), render: (f) => t(`kind.${f.kind}`), sortValue: (f) => f.kind },
    { id: 'url', label: t('findings.url'), render: (f) => url(f.url), sortValue: (f) => f.url },
    { id: 'evidence', label: t('findings.evidence'), render: (f) => code(f.evidence) },
    { id: 'fix', label: t('findings.fix'), render: fix },
  ];
  const imageColumns: Column<Image>[] = [
    { id: 'url', label: t('images.url'), render: (i) => url(i.url), sortValue: (i) => i.url },
    { id: 'type', label: t('images.type'), render: (i) => i.contentType ?? '–' },
    { id: 'size', label: t('images.size'), align: 'right', render: (i) => bytes(i.bytes), sortValue: (i) => i.bytes },
  ];
  return (
    <Stack spacing={3}>
      <section>
        <Typography variant="h6" component="h2">
          {t('pages.title')}
        </Typography>
        {result.pages.length === 0 ? (
          <Typography>{t('pages.none')}</Typography>
        ) : (
          <DataTable rows={result.pages} columns={pageColumns} rowKey={(p) => p.url} caption={t('pages.caption')} minWidth={860} rowProps={() => ({ 'data-testid': 'shop-performance-page' })} />
        )}
      </section>
      {result.findings.length > 0 && (
        <DataTable
          rows={result.findings}
          columns={findingColumns}
          rowKey={(f) => `${f.kind}:${f.url}`}
          caption={t('findings.caption')}
          minWidth={900}
          searchText={(f) => `${f.url} ${f.kind} ${f.evidence}`}
          rowProps={(f) => ({ 'data-testid': 'shop-performance-finding', 'data-kind': f.kind })}
        />
      )}
      {result.images.length > 0 && <DataTable rows={result.images} columns={imageColumns} rowKey={(i) => i.url} caption={t('images.caption')} minWidth={560} />}
    </Stack>
  );
}
