import type { TFunction } from 'i18next';
import type { CertificateOrderDraft, CertificateOwner } from './certificateApi';

type Administrator = NonNullable<CertificateOrderDraft['administrator']>;

/** A certificate owner in one line (R3.044): company, department, D-U-N-S, address, federal state, country. */
export function ownerLine(o: Partial<Pick<CertificateOwner, 'department' | 'duns' | 'federalState'>> & Pick<CertificateOwner, 'company' | 'street' | 'zip' | 'city' | 'country'>): string {
  return [o.company, o.department, o.duns && `D-U-N-S ${o.duns}`, o.street, `${o.zip} ${o.city}`, o.federalState, o.country].filter(Boolean).join(', ');
}

/** A certificate administrator in one line (R3.045): name, job title, e-mail, phone, fax and address where given. */
export function administratorLine(a: Administrator | null | undefined, t: TFunction<'orders'>): string {
  if (!a) return '–';
  const address = a.address?.street ? `${a.address.street}, ${a.address.zip ?? ''} ${a.address.city ?? ''}, ${a.address.country ?? ''}` : null;
  return [`${a.firstname ?? ''} ${a.surname ?? ''}`.trim(), a.jobTitle, a.email, a.phone, a.fax && t('certificateWizard.administrator.faxValue', { fax: a.fax }), address]
    .filter(Boolean)
    .join(', ');
}
