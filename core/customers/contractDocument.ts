import type { Cluster, contractModes, Customer } from '../tenancy/index.ts';

type Language = 'de' | 'en';
type ContractHardware = Pick<
  Cluster,
  'number' | 'name' | 'architecture' | 'sla' | 'contractMode' | 'distribution' | 'application' | 'cpu' | 'ramGb' | 'nvmeSsdGb' | 'nvmeDatabaseGb' | 'nvmeStorageGb' | 'ipv4Count' | 'ipv6Count' | 'addonTwoFactor' | 'addonVpn' | 'addonPhpExtendedSupport'
>;

/** The contract's labels per language: every enum the document shows is a label here, never its raw value (issue 31). */
const labels = {
  de: {
    title: (c: ContractHardware) => `Vertrag Managed Cluster ${c.number} „${c.name}“`,
    customer: (c: Customer) => `${c.company}, Kundennummer ${c.number}`,
    service: 'Leistung',
    architecture: { web_cluster: 'Web Cluster', extended_web_cluster: 'Extended Web Cluster', cloud_web_cluster: 'Cloud Web Cluster' },
    sla: { basic: 'Service Level Basic', business: 'Service Level Business', enterprise: 'Service Level Enterprise', dev: 'Service Level Dev' },
    mode: { production: 'Produktivsystem', development: 'Entwicklungssystem' },
    hardware: 'Ausstattung',
    ssd: 'NVMe SSD', database: 'NVMe Datenbank', storage: 'NVMe Storage', ipv4: 'IPv4-Adressen', ipv6: 'IPv6-Adressen',
    distribution: 'Distribution', application: 'Anwendung',
    addons: 'Zusatzleistungen', none: 'keine',
    addon: { addonTwoFactor: 'Zwei-Faktor-Authentifizierung', addonVpn: 'VPN', addonPhpExtendedSupport: 'PHP Extended Support' },
  },
  en: {
    title: (c: ContractHardware) => `Contract managed cluster ${c.number} “${c.name}”`,
    customer: (c: Customer) => `${c.company}, customer number ${c.number}`,
    service: 'Service',
    architecture: { web_cluster: 'Web Cluster', extended_web_cluster: 'Extended Web Cluster', cloud_web_cluster: 'Cloud Web Cluster' },
    sla: { basic: 'Service level Basic', business: 'Service level Business', enterprise: 'Service level Enterprise', dev: 'Service level Dev' },
    mode: { production: 'production system', development: 'development system' },
    hardware: 'Resources',
    ssd: 'NVMe SSD', database: 'NVMe database', storage: 'NVMe storage', ipv4: 'IPv4 addresses', ipv6: 'IPv6 addresses',
    distribution: 'Distribution', application: 'Application',
    addons: 'Add-ons', none: 'none',
    addon: { addonTwoFactor: 'Two-factor authentication', addonVpn: 'VPN', addonPhpExtendedSupport: 'PHP Extended Support' },
  },
} as const satisfies Record<Language, unknown>;

/** Title, meta lines and sections of a cluster contract document in the document's language (rendered by textPdf). */
export function clusterContractDocument(customer: Customer, cluster: ContractHardware, language: Language): { title: string; meta: string[]; sections: { heading: string; paragraphs: string[] }[] } {
  const l = labels[language];
  const addons = (['addonTwoFactor', 'addonVpn', 'addonPhpExtendedSupport'] as const).filter((a) => cluster[a]).map((a) => l.addon[a]);
  return {
    title: l.title(cluster),
    meta: [l.customer(customer)],
    sections: [
      { heading: l.service, paragraphs: [`${l.architecture[cluster.architecture]}, ${l.sla[cluster.sla]}, ${l.mode[cluster.contractMode as (typeof contractModes)[number]]}.`] },
      {
        heading: l.hardware,
        paragraphs: [
          `${cluster.cpu} vCPU, ${cluster.ramGb} GB RAM, ${cluster.nvmeSsdGb} GB ${l.ssd}, ${cluster.nvmeDatabaseGb} GB ${l.database}, ${cluster.nvmeStorageGb} GB ${l.storage}, ${cluster.ipv4Count} ${l.ipv4}, ${cluster.ipv6Count} ${l.ipv6}.`,
          `${l.distribution}: ${cluster.distribution}${cluster.application ? ` · ${l.application}: ${cluster.application}` : ''}`,
        ],
      },
      { heading: l.addons, paragraphs: [addons.length ? addons.join(', ') : l.none] },
    ],
  };
}
