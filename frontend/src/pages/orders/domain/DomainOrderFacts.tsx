import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '../../contracts/format';
import type { DomainOrderDetails } from './domainOrderApi';

/** The facts of a domain order, as a definition list (the detail modal and the check-order summary). */
export function DomainOrderFacts({ details, customerLabel }: { details: DomainOrderDetails; customerLabel?: string }) {
  const { t } = useTranslation('ordersDomain');
  const f = useBillingFormat();
  const domain = details.domainUnicode === details.domain ? details.domain : `${details.domainUnicode} (${details.domain})`;
  const rows: [string, string][] = [
    ...(customerLabel ? [[t('facts.customer'), customerLabel] as [string, string]] : []),
    [t('facts.cluster'), details.clusterNumber],
    [t('facts.domain'), domain],
    [t('facts.mode'), t(`mode.${details.mode}`)],
    [t('facts.nameservers'), details.keepNameservers ? t('facts.keepNameservers') : t('facts.ourNameservers')],
    [t('facts.owner'), `${details.owner.name} (${details.owner.handle})`],
    [t('facts.admin'), `${details.admin.name} (${details.admin.handle})`],
    [t('facts.annualFee'), t('facts.annualFeeValue', { amount: f.money(details.annualFee) })],
    ...(details.referenceSign ? [[t('facts.referenceSign'), details.referenceSign] as [string, string]] : []),
  ];
  return (
    <Box component="dl" data-testid="domain-order-facts" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' } }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Box>
      ))}
    </Box>
  );
}
