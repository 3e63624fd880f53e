import { useTranslation } from 'react-i18next';
import type { Order } from '../ordersApi';
import { FactList } from '../FactList';
import { administratorLine, ownerLine } from './certificatePeople';

/** What a certificate order ordered (the detail modal); the private key is never shown here. */
export function CertificateOrderFacts({ certificate }: { certificate: NonNullable<Order['certificate']> }) {
  const { t } = useTranslation('orders');
  const c = certificate;
  const rows: [string, string][] = [
    [t('certificateWizard.summary.type'), t(`certificateType.${c.certificateType}`)],
    [t('certificateWizard.summary.domains'), c.domains.join(', ')],
    [t('certificateWizard.summary.term'), t('certificateCells.months', { count: c.termMonths })],
    [t('certificateWizard.summary.key'), t('certificateWizard.summary.keyValue', { bits: c.keyBits })],
    [t('certificateWizard.owner.title'), ownerLine(c.owner)],
    [t('certificateWizard.administrator.title'), administratorLine(c.administrator, t)],
    [
      t('certificateWizard.verification.title'),
      c.verifications
        .map(
          (v) => `${v.domain}: ${t(`certificateWizard.verification.method.${v.method}`)}${v.approverEmail ? ` (${v.approverEmail})` : ''}`,
        )
        .join('; '),
    ],
  ];
  return <FactList rows={rows} testId="certificate-facts" />;
}
