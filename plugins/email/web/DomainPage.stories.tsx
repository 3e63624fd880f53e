import type { Schemas } from '@portal/openapi';
import { demoHost, ManagedStoryHost } from '@portal/plugin-sdk/web/story';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router';
import { emailApi } from '../generated/client.ts';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { demoAliases, demoDomains, demoMailboxes } from '../server/fixtures.ts';
import { mailDnsApi, type DomainZone } from './dnsZone.ts';
import { DomainPage } from './DomainPage.tsx';

const args = { clusterId: demoHost.cluster.id, serverId: demoHost.server.id };
const at = '2026-11-29T09:00:00.000Z';
const key = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv3YJ8xq0Ht6mQ2r0pS6a1nX4bT0cF7yQ9Jd2K8LwVn3m5eUoZ1iRkA7sP4gH2fCqD9tN6'.repeat(3);
const dkimValue = `v=DKIM1; k=rsa; p=${key}`;

/** The demo server's mail (server/fixtures.ts) as the API answers it. */
const domains: Schemas['MailDomain'][] = demoDomains.map((d, i) => ({
  id: i + 1,
  ...d,
  dkim: { selector: d.dkimSelector, name: `${d.dkimSelector}._domainkey.${d.name}`, value: dkimValue, strings: [dkimValue.slice(0, 255), dkimValue.slice(255)] },
  spfHint: 'v=spf1 mx -all',
  dmarcHint: `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@${d.name}`,
  createdAt: at,
}));
const domainId = (name: string) => domains.find((d) => d.name === name)!.id;
const mailboxes: Schemas['Mailbox'][] = demoMailboxes.map(({ domain, ...m }, i) => ({
  id: i + 1,
  ...m,
  domainId: domainId(domain),
  address: `${m.localPart}@${domain}`,
  createdAt: at,
  passwordSetAt: at,
}));
const aliases: Schemas['MailAlias'][] = [
  ...demoAliases.map(({ domain, ...a }, i) => ({ id: i + 1, ...a, domainId: domainId(domain), address: `${a.localPart}@${domain}`, catchAll: false, createdAt: at })),
  { id: 9, localPart: '', destinations: 'info@shop.example', domainId: 1, address: '@shop.example', catchAll: true, createdAt: at },
];

/** The shop's zone on the cluster's load balancer: the DKIM record present, another SPF, no DMARC yet. */
const zone: DomainZone = {
  serverId: 1,
  serverName: 'lb01.c20011.managed-hosting.example',
  zoneId: 1,
  origin: 'shop.example',
  records: [
    { name: 'mail._domainkey', type: 'TXT', value: dkimValue },
    { name: '@', type: 'TXT', value: 'v=spf1 mx include:_spf.managed-hosting.example -all' },
  ],
};

/** The domain detail page with the demo data: mailboxes, aliases with the catch-all, BCC, the DNS records against the zone. */
const meta: Meta<typeof DomainPage> = {
  title: 'Plugins/email/Domain',
  component: DomainPage,
};
export default meta;
type Story = StoryObj<typeof DomainPage>;

const page = (found: DomainZone | null, domain = domains[0]!): Story => ({
  render: () => (
    <ManagedStoryHost
      pluginId="email"
      translations={{ de, en }}
      prepare={(store) => {
        const paged = { ...args, page: 1, per_page: 100 };
        void store.dispatch(emailApi.util.upsertQueryData('getMailDomain', { ...args, domainId: domain.id }, domain));
        void store.dispatch(emailApi.util.upsertQueryData('listMailboxes', paged as never, { data: mailboxes, total: mailboxes.length } as never));
        void store.dispatch(emailApi.util.upsertQueryData('listMailAliases', paged as never, { data: aliases, total: aliases.length } as never));
        void store.dispatch(mailDnsApi.util.upsertQueryData('findMailDomainZone', { clusterId: args.clusterId, domain: domain.name }, found));
      }}
    >
      <Routes location={`/domains/${domain.id}`}>
        <Route path="/domains/:domainId" element={<DomainPage />} />
      </Routes>
    </ManagedStoryHost>
  ),
});

/** The zone of the cluster's dns module holds the domain: DKIM in it, SPF different, DMARC missing — "add to DNS zone". */
export const WithDnsZone = page(zone);
/** No zone of the cluster holds the domain: the records for copying. */
export const WithoutDnsZone = page(null, domains[1]);
