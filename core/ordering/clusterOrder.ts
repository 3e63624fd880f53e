import { hardwareRanges, servicePackages, storageSteps } from '../billing/index.ts';
import { architectures, contractModes, serviceLevels, type Cluster } from '../clusters/index.ts';
import type { FieldErrors } from '../platform/index.ts';
import type { ClusterOrderDetails } from './Order.ts';
import { newCustomerErrors, newCustomerSummary, type NewCustomerDraft } from './newCustomer.ts';
import { priceLine, totalOf, type OrderPrice, type OrderPriceLine, type PriceTable } from './pricing.ts';

type Architecture = Cluster['architecture'];
type ServiceLevel = Cluster['sla'];

/** The steps of the cluster order wizard (§2), in order; the check-order summary and the thank-you page follow. */
export const clusterOrderSteps = ['customer', 'architecture', 'service', 'configuration', 'order'] as const;
export type ClusterOrderStep = (typeof clusterOrderSteps)[number];

/** Additional addresses beyond the included IPv4 and IPv6 address. */
export const MAX_ADDITIONAL_IPS = 16;
export const CLUSTER_NAME_MAX = 64;

/** What the wizard collected so far; every field is optional until its step. */
export interface ClusterOrderDraft {
  customerId?: number;
  /** Instead of `customerId`: a customer to create with the order (R2.049, R2.050). */
  newCustomer?: NewCustomerDraft | null;
  architecture?: Architecture;
  sla?: ServiceLevel;
  cpu?: number;
  ramGb?: number;
  nvmeSsdGb?: number;
  nvmeStorageGb?: number;
  additionalIpv4?: number;
  additionalIpv6?: number;
  addons?: { twoFactor?: boolean; vpn?: boolean; phpExtendedSupport?: boolean };
  contractMode?: Cluster['contractMode'];
  clusterName?: string;
  referenceSign?: string | null;
  acceptTerms?: boolean;
}

/** What the wizard offers: architectures with their hardware ranges, service levels with what they include (§3, §9). */
export const clusterCatalog = {
  architectures: architectures.map((id) => ({ id, ranges: hardwareRanges[id] })),
  serviceLevels: serviceLevels.map((id) => ({ id, ...servicePackages[id] })),
  contractModes: [...contractModes],
  maxAdditionalIps: MAX_ADDITIONAL_IPS,
};

const stepIndex = (s: ClusterOrderStep) => clusterOrderSteps.indexOf(s);

function rangeError(value: unknown, [min, max]: readonly [number, number]): string | undefined {
  if (value === undefined || value === null) return 'validation.required';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'validation.type';
  if (value < min) return 'validation.minimum';
  if (value > max) return 'validation.maximum';
  return undefined;
}

/**
 * The field errors of a draft for every step up to `upTo` (each wizard step is checked on "next", and
 * the submission checks all). Hardware must lie within the ranges of the chosen architecture (§9).
 */
export function clusterDraftErrors(d: ClusterOrderDraft, upTo: ClusterOrderStep = 'order'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, key: string | undefined) => {
    if (key) errors[field] = [key];
  };
  const last = stepIndex(upTo);
  if (last >= stepIndex('customer')) {
    if (d.newCustomer) Object.assign(errors, newCustomerErrors(d.newCustomer));
    else add('customerId', d.customerId === undefined ? 'validation.required' : undefined);
  }
  if (last >= stepIndex('architecture')) add('architecture', !d.architecture ? 'validation.required' : !architectures.includes(d.architecture) ? 'validation.enum' : undefined);
  if (last >= stepIndex('service')) add('sla', !d.sla ? 'validation.required' : !serviceLevels.includes(d.sla) ? 'validation.enum' : undefined);
  if (last >= stepIndex('configuration') && d.architecture && architectures.includes(d.architecture)) {
    const r = hardwareRanges[d.architecture];
    add('cpu', rangeError(d.cpu, r.cpu));
    add('ramGb', rangeError(d.ramGb, r.ramGb));
    add('nvmeSsdGb', rangeError(d.nvmeSsdGb, r.nvmeSsdGb));
    add('nvmeStorageGb', rangeError(d.nvmeStorageGb, r.nvmeStorageGb));
    add('additionalIpv4', rangeError(d.additionalIpv4 ?? 0, [0, MAX_ADDITIONAL_IPS]));
    add('additionalIpv6', rangeError(d.additionalIpv6 ?? 0, [0, MAX_ADDITIONAL_IPS]));
    add('contractMode', !d.contractMode ? 'validation.required' : !contractModes.includes(d.contractMode) ? 'validation.enum' : undefined);
  }
  if (last >= stepIndex('order')) {
    const name = d.clusterName?.trim() ?? '';
    add('clusterName', !name ? 'validation.required' : name.length > CLUSTER_NAME_MAX ? 'validation.maxLength' : undefined);
    add('acceptTerms', d.acceptTerms !== true ? 'errors.order_terms_required' : undefined);
  }
  return errors;
}

/** The configuration with the smallest hardware of the architecture for what is not chosen yet (the "from" price of early steps). */
function configured(d: ClusterOrderDraft & { architecture: Architecture }) {
  const r = hardwareRanges[d.architecture];
  return {
    cpu: d.cpu ?? r.cpu[0],
    ramGb: d.ramGb ?? r.ramGb[0],
    nvmeSsdGb: d.nvmeSsdGb ?? r.nvmeSsdGb[0],
    nvmeStorageGb: d.nvmeStorageGb ?? r.nvmeStorageGb[0],
  };
}

/**
 * The price of a cluster order from the price list (server only): architecture base price, service
 * level, CPU cores, RAM, NVMe SSD per GB, NVMe storage per started 5 GB (§9), additional IPs, add-ons,
 * monthly; the set-up fee of the architecture once. Without an architecture there is no price yet.
 */
export function clusterOrderPrice(table: PriceTable, d: ClusterOrderDraft): OrderPrice {
  if (!d.architecture) return totalOf([]);
  const hw = configured({ ...d, architecture: d.architecture });
  const lines: OrderPriceLine[] = [
    priceLine(table, `cluster.base.${d.architecture}`, 1),
    ...(d.sla ? [priceLine(table, `cluster.sla.${d.sla}`, 1)] : []),
    priceLine(table, 'cluster.cpu', hw.cpu),
    priceLine(table, 'cluster.ram_gb', hw.ramGb),
    priceLine(table, 'cluster.nvme_ssd_gb', hw.nvmeSsdGb),
    priceLine(table, 'cluster.nvme_storage_5gb', storageSteps(hw.nvmeStorageGb)),
    priceLine(table, 'cluster.ipv4', d.additionalIpv4 ?? 0),
    priceLine(table, 'cluster.ipv6', d.additionalIpv6 ?? 0),
    priceLine(table, 'cluster.addon.two_factor', d.addons?.twoFactor ? 1 : 0),
    priceLine(table, 'cluster.addon.vpn', d.addons?.vpn ? 1 : 0),
    priceLine(table, 'cluster.addon.php_extended_support', d.addons?.phpExtendedSupport ? 1 : 0),
    priceLine(table, `cluster.setup.${d.architecture}`, 1, 'once'),
  ];
  return totalOf(lines.filter((l) => l.quantity > 0));
}

/** The stored details of a complete, valid draft. */
export function clusterDetailsOf(d: Required<Pick<ClusterOrderDraft, 'architecture' | 'sla' | 'cpu' | 'ramGb' | 'nvmeSsdGb' | 'nvmeStorageGb' | 'contractMode' | 'clusterName'>> & ClusterOrderDraft): ClusterOrderDetails {
  return {
    kind: 'cluster',
    architecture: d.architecture,
    sla: d.sla,
    cpu: d.cpu,
    ramGb: d.ramGb,
    nvmeSsdGb: d.nvmeSsdGb,
    nvmeStorageGb: d.nvmeStorageGb,
    additionalIpv4: d.additionalIpv4 ?? 0,
    additionalIpv6: d.additionalIpv6 ?? 0,
    addons: { twoFactor: !!d.addons?.twoFactor, vpn: !!d.addons?.vpn, phpExtendedSupport: !!d.addons?.phpExtendedSupport },
    contractMode: d.contractMode,
    clusterName: d.clusterName.trim(),
    referenceSign: d.referenceSign?.trim() || null,
    ...(d.newCustomer ? { newCustomer: newCustomerSummary(d.newCustomer) } : {}),
  };
}
