import type { Cluster } from '@portal/core/clusters';
import {
  centsToDecimal,
  clusterMonthlyPrice,
  clusterPriceLines,
  mayTerminateDomain,
  money,
  needsManualTermination,
  priceList,
  servicePackages,
  withVat,
  type Amounts,
  type AuthCodeView,
  type ClusterTermination,
  type ContractRow,
  type DomainContract,
} from '@portal/core/billing';
import type { Schemas } from '@portal/openapi';

export const presentAmounts = (a: Amounts): Schemas['PriceAmounts'] => ({ net: money(a.netCents), vat: money(a.vatCents), gross: money(a.grossCents) });

const customerOf = (c: { id: number; number: number; company: string }) => ({ id: c.id, number: c.number, company: c.company });

export const presentContractSummary = (r: ContractRow): Schemas['ContractSummary'] => ({
  type: r.type,
  id: r.id,
  number: r.number,
  name: r.name,
  status: r.status,
  start: r.start,
  customer: r.customer,
  role: r.role,
  price: presentAmounts(r.price),
  period: r.period,
});

export const presentTermination = (t: ClusterTermination): Schemas['ClusterTermination'] => ({
  id: t.id,
  status: t.status,
  endOfTerm: t.endOfTerm,
  shutdownOn: t.shutdownOn,
  deletionOn: t.deletionOn,
  reason: t.reason ?? null,
  reasonText: t.reasonText ?? null,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  confirmedAt: t.confirmedAt?.toISOString() ?? null,
});

export function presentClusterContract(
  cluster: Cluster,
  access: { isManager: boolean },
  termination: ClusterTermination | null,
): Schemas['ClusterContract'] {
  return {
    id: cluster.id,
    number: cluster.number,
    name: cluster.name,
    status: cluster.status,
    architecture: cluster.architecture,
    sla: cluster.sla,
    servicePackage: servicePackages[cluster.sla],
    hardware: { cpu: cluster.cpu, ramGb: cluster.ramGb, nvmeSsdGb: cluster.nvmeSsdGb, nvmeDatabaseGb: cluster.nvmeDatabaseGb, nvmeStorageGb: cluster.nvmeStorageGb },
    ipv4Count: cluster.ipv4Count,
    ipv6Count: cluster.ipv6Count,
    addons: { twoFactor: cluster.addonTwoFactor, vpn: cluster.addonVpn, phpExtendedSupport: cluster.addonPhpExtendedSupport },
    contractMode: cluster.contractMode,
    contractStart: cluster.contractStart.toISOString().slice(0, 10),
    customer: customerOf(cluster.customer),
    role: access.isManager ? 'manager' : 'administrator',
    mayTerminate: access.isManager && (cluster.status === 'active' || termination?.status === 'in_termination'),
    includedTrafficTb: priceList.includedTrafficTb,
    priceLines: clusterPriceLines(cluster).map((l) => ({ kind: l.kind, quantity: l.quantity, unitPrice: money(l.unitCents), net: money(l.netCents) })),
    price: presentAmounts(clusterMonthlyPrice(cluster)),
    termination: termination ? presentTermination(termination) : null,
  };
}

export function presentDomainContract(d: DomainContract, authCode: AuthCodeView | null): Schemas['DomainContract'] {
  return {
    id: d.id,
    number: d.number,
    domain: d.domain,
    status: d.status,
    registeredOn: d.registeredOn,
    startOn: d.startOn,
    registrationEndsOn: d.registrationEndsOn,
    owner: d.owner,
    contactPerson: d.contactPerson,
    adminContact: d.adminContact,
    basicFee: { amount: centsToDecimal(d.basicFeeCents), currency: 'EUR' },
    yearlyFee: presentAmounts(withVat(d.yearlyFeeCents)),
    premiumAnnual: d.premiumAnnualCents === null || d.premiumAnnualCents === undefined ? null : money(d.premiumAnnualCents),
    premiumOneTime: d.premiumOneTimeCents === null || d.premiumOneTimeCents === undefined ? null : money(d.premiumOneTimeCents),
    terminationOn: d.terminationOn ?? null,
    manualTermination: needsManualTermination(d.domain),
    mayTerminate: mayTerminateDomain(d),
    terminationRequestedAt: d.terminationRequestedAt ? d.terminationRequestedAt.toISOString() : null,
    authCode: authCode && { code: authCode.code, generatedAt: authCode.generatedAt.toISOString(), validUntil: authCode.validUntil.toISOString(), expired: authCode.expired },
    customer: customerOf(d.customer),
  };
}
