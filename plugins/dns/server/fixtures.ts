/**
 * The demo zone of the demo load balancers (`dns` service): a shop domain with web, mail, DKIM,
 * DMARC, SPF, SRV and CAA records, as a customer of a managed hosting provider would have it.
 * Also the sample zone of the tests and stories.
 */
import type { RecordData, ZoneData } from './rules.ts';

const r = (name: string, type: RecordData['type'], value: string, extra: Partial<RecordData> = {}): RecordData => ({
  name,
  type,
  ttl: null,
  value,
  priority: null,
  weight: null,
  port: null,
  flags: null,
  tag: null,
  ...extra,
});

const dkim =
  'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv3YJ8xq0Ht6mQ2r0pS6a1nX4bT0cF7yQ9Jd2K8LwVn3m5eUoZ1iRkA7sP4gH2fCqD9tN6' +
  'yM8bE0vW3xJ5lQ1oI7uT2kR4nC6pS8aD0fG3hJ5kL7mN9oP1qR3sT5uV7wX9yZ1aB3cD5eF7gH9iJ1kL3mN5oP7qR9sT1uV3wX5yZ7aB9cD1eF3gH5iJ7kL9mN1oP3q' +
  'R5sT7uV9wX1yZ3aB5cD7eF9gH1iJ3kL5mN7oP9qR1sT3uV5wX7yZ9aB1cD3eF5gH7iJ9kL1mN3oP5qR7sT9uV1wX3yZ5aB7cD9eF1gH3iJ5kL7mN9oP1qR3sT5uV7wIDAQAB';

/** The demo zone's records (IPs from the documentation ranges and the demo cluster's network). */
export function demoZone(serial: number): ZoneData {
  return {
    origin: 'shop-mueller-schmidt.example',
    defaultTtl: 3600,
    primaryNs: 'ns1.managed-hosting.example',
    hostmaster: 'hostmaster@managed-hosting.example',
    refresh: 10800,
    retry: 3600,
    expire: 1209600,
    minimum: 3600,
    serial,
    records: [
      r('@', 'NS', 'ns1.managed-hosting.example.', { ttl: 86400 }),
      r('@', 'NS', 'ns2.managed-hosting.example.', { ttl: 86400 }),
      r('@', 'A', '203.0.113.10'),
      r('@', 'AAAA', '2001:db8:20:11::10'),
      r('www', 'CNAME', '@'),
      r('shop', 'A', '203.0.113.10'),
      r('shop', 'AAAA', '2001:db8:20:11::10'),
      r('static', 'CNAME', 'shop'),
      r('staging', 'A', '203.0.113.12', { ttl: 300 }),
      r('mail', 'A', '203.0.113.25'),
      r('@', 'MX', 'mail', { priority: 10 }),
      r('@', 'MX', 'mx-backup.managed-hosting.example.', { priority: 20 }),
      r('@', 'TXT', 'v=spf1 mx a:mail.shop-mueller-schmidt.example include:_spf.managed-hosting.example -all'),
      r('_dmarc', 'TXT', 'v=DMARC1; p=quarantine; rua=mailto:dmarc@shop-mueller-schmidt.example; adkim=s; aspf=s'),
      r('mail2026._domainkey', 'TXT', dkim),
      r('_submissions._tcp', 'SRV', 'mail', { priority: 0, weight: 1, port: 465 }),
      r('_imaps._tcp', 'SRV', 'mail', { priority: 0, weight: 1, port: 993 }),
      r('_autodiscover._tcp', 'SRV', 'mail', { priority: 0, weight: 0, port: 443 }),
      r('@', 'CAA', 'letsencrypt.org', { flags: 0, tag: 'issue' }),
      r('@', 'CAA', ';', { flags: 0, tag: 'issuewild' }),
      r('@', 'CAA', 'mailto:security@shop-mueller-schmidt.example', { flags: 0, tag: 'iodef' }),
    ],
  };
}
