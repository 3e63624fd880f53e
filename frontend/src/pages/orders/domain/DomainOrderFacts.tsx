import { useTranslation } from 'react-i18next';
import { useBillingFormat } from '../../contracts/format';
import type { DomainOrderDetails } from './domainOrderApi';
import { FactList } from '../FactList';

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
  return <FactList rows={rows} testId="domain-order-facts" />;
}
