import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '../contracts/format';
import type { OrderPrice } from './ordersApi';

/** A price line's label: architecture, service level and set-up name their choice; others their item. */
function useLineLabel() {
  const { t } = useTranslation(['orders', 'ordersDomain']);
  return (code: string) => {
    const [, kind, choice] = code.split('.');
    if (kind === 'tld') return t('ordersDomain:priceLine', { tld: choice });
    if (kind === 'base') return t('price.line.base', { name: runtimeT(t, `architecture.${choice}`) });
    if (kind === 'setup') return t('price.line.setup', { name: runtimeT(t, `architecture.${choice}`) });
    if (kind === 'sla') return t('price.line.sla', { name: runtimeT(t, `sla.${choice}`) });
    return t(`price.line.${code.replace(/^cluster\./, '').replaceAll('.', '_')}`, { defaultValue: code });
  };
}

/** §9: the price the server computed — lines, then monthly and one-time, each net, 19 % VAT and gross. */
export function PriceSummary({ price, lines = true, trafficTb }: { price: OrderPrice; lines?: boolean; trafficTb?: number }) {
  const { t } = useTranslation('orders');
  const f = useBillingFormat();
  const label = useLineLabel();
  const amounts = (title: string, a: OrderPrice['monthly'], testId: string) => (
    <Box data-testid={testId} sx={{ mt: 1 }}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, fontVariantNumeric: 'tabular-nums' }}>
        <span>{t('price.net')}</span>
        <span data-amount="net">{f.money(a.net)}</span>
        <span>{t('price.vat')}</span>
        <span data-amount="vat">{f.money(a.vat)}</span>
        <strong>{t('price.gross')}</strong>
        <strong data-amount="gross">{f.money(a.gross)}</strong>
      </Box>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label={t('price.title')} component="section">
      <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('price.title')}
      </Typography>
      {lines && price.lines.length > 0 && (
        <Table size="small" aria-label={t('price.title')}>
          <TableBody>
            {price.lines.map((l) => (
              <TableRow key={l.code}>
                <TableCell sx={{ pl: 0 }}>
                  {label(l.code)}
                  {l.quantity !== 1 && ` × ${l.quantity}`}
                </TableCell>
                <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {f.money(l.net)}
                  {l.period === 'once' ? ` (${t('price.oneTime')})` : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {amounts(t('price.monthly'), price.monthly, 'price-monthly')}
      {amounts(t('price.oneTime'), price.oneTime, 'price-one-time')}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('price.exclVat')}
        {trafficTb ? ` ${t('price.traffic', { tb: trafficTb })}` : ''}
      </Typography>
    </Paper>
  );
}
