import { ownerSnapshot, type CertificateOrderDetails } from '@portal/core/ordering';
import type { Schemas } from '@portal/openapi';

/** An owner (R3.044) as the API shows it. */
export const presentOwner = (o: Parameters<typeof ownerSnapshot>[0]): Schemas['CertificateOwner'] => ownerSnapshot(o);

/** What a certificate order ordered (the private key is never part of it). */
export const presentCertificateDetails = (d: CertificateOrderDetails): Schemas['CertificateOrderDetails'] => ({
  certificateType: d.certificateType,
  termMonths: d.termMonths,
  keyBits: d.keyBits,
  domains: d.domains,
  owner: presentOwner(d.owner),
  administrator: {
    firstname: d.administrator.firstname,
    surname: d.administrator.surname,
    email: d.administrator.email,
    phone: d.administrator.phone,
    fax: d.administrator.fax ?? null,
    jobTitle: d.administrator.jobTitle ?? null,
    address: d.administrator.address ?? null,
  },
  verifications: d.verifications.map((v) => ({ domain: v.domain, method: v.method, approverEmail: v.approverEmail ?? null })),
  referenceSign: d.referenceSign,
});
