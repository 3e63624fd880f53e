import { money } from '@portal/core/billing';
import type { DomainOrderDetails } from '@portal/core/ordering';
import type { Schemas } from '@portal/openapi';

/** What a domain order ordered, as the list, the detail modal and the summary show it (handle ids stay on the server). */
export const presentDomainOrderDetails = (d: DomainOrderDetails): Schemas['DomainOrderDetails'] => ({
  domain: d.domain,
  domainUnicode: d.domainUnicode,
  mode: d.mode,
  keepNameservers: d.keepNameservers,
  clusterNumber: d.clusterNumber,
  owner: { handle: d.owner.handle, name: d.owner.name },
  admin: { handle: d.admin.handle, name: d.admin.name },
  annualFee: money(d.annualFeeCents),
  referenceSign: d.referenceSign,
});
