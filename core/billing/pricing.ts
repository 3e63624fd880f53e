import type { Cluster } from '../clusters/index.ts';
import { sumCents, withVat, type Amounts } from './money.ts';

type Architecture = Cluster['architecture'];
type ServiceLevel = Cluster['sla'];

/** Hardware ranges per architecture (§9). */
export const hardwareRanges: Record<
  Architecture,
  { cpu: [number, number]; ramGb: [number, number]; nvmeSsdGb: [number, number]; nvmeStorageGb: [number, number] }
> = {
  web_cluster: { cpu: [1, 16], ramGb: [2, 48], nvmeSsdGb: [25, 250], nvmeStorageGb: [10, 500] },
  extended_web_cluster: { cpu: [2, 32], ramGb: [4, 96], nvmeSsdGb: [50, 500], nvmeStorageGb: [20, 500] },
  cloud_web_cluster: { cpu: [4, 192], ramGb: [4, 512], nvmeSsdGb: [50, 500], nvmeStorageGb: [20, 500] },
};

/** Managed service packages (§3): guaranteed reaction time, remote-hands and developer-support minutes per month. */
export const servicePackages: Record<
  ServiceLevel,
  { reactionMinutes: number; remoteHandsMinutes: number; developerSupportMinutes: number }
> = {
  basic: { reactionMinutes: 240, remoteHandsMinutes: 0, developerSupportMinutes: 0 },
  business: { reactionMinutes: 60, remoteHandsMinutes: 30, developerSupportMinutes: 30 },
  enterprise: { reactionMinutes: 15, remoteHandsMinutes: 120, developerSupportMinutes: 120 },
  dev: { reactionMinutes: 480, remoteHandsMinutes: 0, developerSupportMinutes: 60 },
};

/**
 * The monthly price list in euro cents, net. The spec shows no prices; these are the portal's
 * demo price list (docs/decisions.md, Billing). NVMe storage is billed in 5 GB steps (§9).
 */
export const priceList = {
  base: { web_cluster: 4900, extended_web_cluster: 9900, cloud_web_cluster: 19900 } satisfies Record<Architecture, number>,
  sla: { basic: 0, business: 14900, enterprise: 49900, dev: 2900 } satisfies Record<ServiceLevel, number>,
  cpuPerCore: 1200,
  ramPerGb: 400,
  nvmeSsdPerGb: 20,
  nvmeDatabasePerGb: 25,
  nvmeStoragePer5Gb: 50,
  /** One IPv4 and one IPv6 address are included. */
  extraIpv4: 300,
  extraIpv6: 100,
  addonTwoFactor: 500,
  addonVpn: 1500,
  addonPhpExtendedSupport: 2500,
  /** Traffic included for every architecture (§9). */
  includedTrafficTb: 5,
  /** Each day a backup plan keeps snapshots beyond the days kept free (§9), per plan and month. */
  backupRetentionDay: 8,
} as const;

/** Backups kept free (§9, R9.021): 10 days of retention cost nothing. */
export const backupDaysKeptFree = 10;

export interface BackupRetentionPrice {
  retentionDays: number;
  freeDays: number;
  pricedDays: number;
  unitNetCents: number;
  /** Per month, for one plan. */
  monthly: Amounts;
}

/** The monthly price of keeping a backup plan's snapshots `retentionDays` days: the first 10 are free (§9). */
export function backupRetentionPrice(retentionDays: number): BackupRetentionPrice {
  const days = Math.max(0, Math.floor(retentionDays));
  const pricedDays = Math.max(0, days - backupDaysKeptFree);
  return {
    retentionDays: days,
    freeDays: backupDaysKeptFree,
    pricedDays,
    unitNetCents: priceList.backupRetentionDay,
    monthly: withVat(pricedDays * priceList.backupRetentionDay),
  };
}

export type PriceLineKind =
  | 'base'
  | 'sla'
  | 'cpu'
  | 'ram'
  | 'nvme_ssd'
  | 'nvme_database'
  | 'nvme_storage'
  | 'ipv4'
  | 'ipv6'
  | 'addon_two_factor'
  | 'addon_vpn'
  | 'addon_php_extended_support';

export interface PriceLine {
  kind: PriceLineKind;
  quantity: number;
  unitCents: number;
  netCents: number;
}

export type ClusterHardware = Pick<
  Cluster,
  | 'architecture'
  | 'sla'
  | 'cpu'
  | 'ramGb'
  | 'nvmeSsdGb'
  | 'nvmeDatabaseGb'
  | 'nvmeStorageGb'
  | 'ipv4Count'
  | 'ipv6Count'
  | 'addonTwoFactor'
  | 'addonVpn'
  | 'addonPhpExtendedSupport'
>;

/** NVMe storage is billed in 5 GB steps: 12 GB count as 15 GB, i.e. three steps. */
export const storageSteps = (gb: number): number => Math.ceil(Math.max(0, gb) / 5);

/** The monthly price lines of a cluster contract (only lines that cost something). */
export function clusterPriceLines(c: ClusterHardware): PriceLine[] {
  const line = (kind: PriceLineKind, quantity: number, unitCents: number): PriceLine => ({
    kind,
    quantity,
    unitCents,
    netCents: quantity * unitCents,
  });
  const lines = [
    line('base', 1, priceList.base[c.architecture]),
    line('sla', 1, priceList.sla[c.sla]),
    line('cpu', c.cpu, priceList.cpuPerCore),
    line('ram', c.ramGb, priceList.ramPerGb),
    line('nvme_ssd', c.nvmeSsdGb, priceList.nvmeSsdPerGb),
    line('nvme_database', c.nvmeDatabaseGb, priceList.nvmeDatabasePerGb),
    line('nvme_storage', storageSteps(c.nvmeStorageGb), priceList.nvmeStoragePer5Gb),
    line('ipv4', Math.max(0, c.ipv4Count - 1), priceList.extraIpv4),
    line('ipv6', Math.max(0, c.ipv6Count - 1), priceList.extraIpv6),
    line('addon_two_factor', c.addonTwoFactor ? 1 : 0, priceList.addonTwoFactor),
    line('addon_vpn', c.addonVpn ? 1 : 0, priceList.addonVpn),
    line('addon_php_extended_support', c.addonPhpExtendedSupport ? 1 : 0, priceList.addonPhpExtendedSupport),
  ];
  return lines.filter((l) => l.netCents > 0 || l.kind === 'base');
}

/** The monthly price of a cluster contract, net, VAT and gross. */
export function clusterMonthlyPrice(c: ClusterHardware): Amounts {
  return withVat(sumCents(clusterPriceLines(c).map((l) => l.netCents)));
}
