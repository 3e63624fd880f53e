import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import NotFoundPage from '../NotFoundPage';
import { usePartnerFormat } from './format';
import { LevelCard } from './LevelCard';
import { PartnerFrame, usePartnerSelection } from './PartnerFrame';
import { useGetPartnerOverviewQuery, type PartnerOverview } from './partnerApi';

/** §2 `/partner/{partnerId?}/{year?}`: level and progress, revenue and commission per month as a chart, totals, year and partner switcher. */
export default function OverviewPage() {
  const { t } = useTranslation('partner');
  const { partnerId, year } = useParams();
  const selection = usePartnerSelection(partnerId);
  const validYear = year === undefined || /^\d{4}$/.test(year);
  if (!validYear) return <NotFoundPage />;
  return (
    <PartnerFrame
      screen="overview"
      title={t('overview.title')}
      selection={selection}
      switchTo={(id) => `/partner/${id}${year ? `/${year}` : ''}`}
    >
      {(partner) => partner && <Overview partnerId={partner.id} year={year ? Number(year) : undefined} />}
    </PartnerFrame>
  );
}

function Overview({ partnerId, year }: { partnerId: number; year?: number }) {
  const { t } = useTranslation('partner');
  const navigate = useNavigate();
  const { data, isLoading, isFetching, isError } = useGetPartnerOverviewQuery({ partnerId, ...(year ? { year } : {}) });
  if (isLoading) return <Skeleton variant="rounded" height={360} role="status" aria-label={t('loading', { ns: 'common' })} />;
  if (isError || !data) return <Alert severity="error">{t('loadError')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, opacity: isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="partner-year-label" variant="body2" color="text.secondary">
          {t('overview.year')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={data.year}
          aria-labelledby="partner-year-label"
          onChange={(_, y: number | null) => y && navigate(`/partner/${partnerId}/${y}`)}
          sx={{ flexWrap: 'wrap' }}
        >
          {data.years.map((y) => (
            <ToggleButton key={y} value={y} data-testid={`year-${y}`}>
              {y}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' } }}>
        <LevelCard level={data.level} nextLevel={data.nextLevel} progressPercent={data.progressPercent} ratePercent={data.ratePercent} />
        <Totals data={data} />
      </Box>
      <RevenueChart data={data} />
    </Box>
  );
}

function Totals({ data }: { data: PartnerOverview }) {
  const { t } = useTranslation('partner');
  const f = usePartnerFormat();
  const items: ['revenue' | 'commission' | 'paid' | 'outstanding', string][] = [
    ['revenue', f.money(data.totals.revenue)],
    ['commission', f.money(data.totals.commission)],
    ['paid', f.money(data.totals.paid)],
    ['outstanding', f.money(data.totals.outstanding)],
  ];
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', md: '1fr 1fr' } }}
      data-testid="partner-totals"
    >
      {items.map(([key, value]) => (
        <Box key={key} sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.4 }}>
            {t(`overview.totals.${key}`, { year: data.year })}
          </Typography>
          <Typography sx={{ fontSize: '1.25rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={`total-${key}`}>
            {value}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}

function RevenueChart({ data }: { data: PartnerOverview }) {
  const { t } = useTranslation('partner');
  const theme = useTheme();
  const f = usePartnerFormat();
  const money = (v: number | null) => (v === null ? '–' : f.money({ amount: v.toFixed(2), currency: 'EUR' }));
  const title = t('overview.chartTitle', { year: data.year });
  const empty = data.months.every((m) => Number(m.revenue.amount) === 0);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="partner-chart-title"
      sx={{ p: 2, minWidth: 0 }}
      data-testid="partner-chart"
    >
      <Typography variant="h2" id="partner-chart-title" sx={{ fontSize: '1.1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="partner-chart-empty">
          {t('overview.chartEmpty')}
        </Typography>
      ) : (
        // The chart is one image with a text alternative (the figures are also in the table below); the SVG
        // surface itself is hidden from assistive technology (it would carry ARIA attributes its role forbids).
        <Box
          role="img"
          aria-label={t('overview.chartDescription', {
            year: data.year,
            revenue: f.money(data.totals.revenue),
            commission: f.money(data.totals.commission),
          })}
          // No fixed height around the chart: `height` is the plot's, the legend comes on top of it, and a box of
          // exactly 320 px let the chart's layer overflow onto "values as a table" below and catch its clicks
          // (issue 31, finding 6). The box keeps the plot's height reserved while the chart renders.
          sx={{ minHeight: 320 }}
        >
          <Box aria-hidden>
            <BarChart
              disableKeyboardNavigation
              height={320}
              skipAnimation
              xAxis={[{ scaleType: 'band', data: data.months.map((m) => f.monthShort(m.month)) }]}
              yAxis={[
                {
                  valueFormatter: (v: number) =>
                    new Intl.NumberFormat(f.locale, { notation: 'compact', style: 'currency', currency: 'EUR' }).format(v),
                  width: 64,
                },
              ]}
              series={[
                {
                  id: 'revenue',
                  label: t('overview.revenue'),
                  data: data.months.map((m) => f.amount(m.revenue)),
                  color: theme.palette.primary.main,
                  valueFormatter: money,
                },
                {
                  id: 'commission',
                  label: t('overview.commission'),
                  data: data.months.map((m) => f.amount(m.commission)),
                  color: theme.palette.success.main,
                  valueFormatter: money,
                },
              ]}
              margin={{ left: 8, right: 8 }}
            />
          </Box>
        </Box>
      )}
      <Box component="details" sx={{ mt: 1 }}>
        <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
          {t('overview.table')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t('overview.month')}</TableCell>
                <TableCell align="right">{t('overview.revenue')}</TableCell>
                <TableCell align="right">{t('overview.commission')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.months.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>{f.monthYear(m.month)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {f.money(m.revenue)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {f.money(m.commission)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Box>
    </Paper>
  );
}
