/** Sample data for the DNS stories and component tests; `withDns` is the SDK's story host on the demo load balancer. */
import { storyHostFor } from '@portal/plugin-sdk/web/story';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { demoZone } from '../server/fixtures.ts';
import type { DnsRecord, Zone } from './model.ts';

/** Wraps a story in the Managed Center's context of the demo load balancer (presentational panels make no requests). */
export const withDns = storyHostFor(
  'dns',
  { de, en },
  {
    host: {
      server: {
        id: 1,
        name: 'lb01.c20011.managed-hosting.example',
        role: 'loadbalancer',
        ipv4: '10.11.0.10',
        services: ['nginx', 'varnish', 'dns', 'ssh', 'monitoring'],
      },
      sectionPath: (section, sub) => `/clusters/1/servers/1/managed/${section}${sub ? `/${sub}` : ''}`,
    },
  },
);

const demo = demoZone(2026112203);
export const sampleRecords: DnsRecord[] = demo.records.map((r, i) => ({ id: i + 1, ...r }));

/** The demo zone as the API shows it. */
export const sampleZone: Zone = {
  id: 1,
  origin: demo.origin,
  defaultTtl: demo.defaultTtl,
  primaryNs: demo.primaryNs,
  hostmaster: demo.hostmaster,
  refresh: demo.refresh,
  retry: demo.retry,
  expire: demo.expire,
  minimum: demo.minimum,
  serial: demo.serial,
  appliedSerial: 2026112202,
  records: sampleRecords,
  updatedAt: '2026-11-22T09:41:00.000Z',
  zoneFile: `; Zone shop-mueller-schmidt.example
; Managed in the customer portal (Managed Center, DNS). Changes made to this file on the
; server are overwritten; the serial is increased by the portal on every change.
$ORIGIN shop-mueller-schmidt.example.
$TTL 3600
@                         IN SOA ns1.managed-hosting.example. hostmaster.managed-hosting.example. (
                                 2026112203 ; serial
                                 10800      ; refresh
                                 3600       ; retry
                                 1209600    ; expire
                                 3600       ; minimum (negative caching TTL)
                                 )

@                   86400 IN NS    ns1.managed-hosting.example.
@                   86400 IN NS    ns2.managed-hosting.example.
@                         IN A     203.0.113.10
@                         IN AAAA  2001:db8:20:11::10
@                         IN MX    10 mail
@                         IN MX    20 mx-backup.managed-hosting.example.
@                         IN TXT   "v=spf1 mx a:mail.shop-mueller-schmidt.example include:_spf.managed-hosting.example -all"
@                         IN CAA   0 issue "letsencrypt.org"
_dmarc                    IN TXT   "v=DMARC1; p=quarantine; rua=mailto:dmarc@shop-mueller-schmidt.example; adkim=s; aspf=s"
_imaps._tcp               IN SRV   0 1 993 mail
mail                      IN A     203.0.113.25
shop                      IN A     203.0.113.10
staging             300   IN A     203.0.113.12
www                       IN CNAME @
`,
};
