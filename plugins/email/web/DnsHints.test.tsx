import type { Schemas } from '@portal/openapi';
import { renderWithHost } from '@portal/plugin-sdk/web/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { DnsHints } from './DomainPage.tsx';
import { checkRecords, missingRecords, relativeName, sameTxt, zoneFor, type DomainZone, type ZoneRecord } from './dnsZone.ts';

const dkimValue = `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`;
const domain: Schemas['MailDomain'] = {
  id: 1,
  name: 'shop.example',
  dkimSelector: 'mail',
  senderBcc: '',
  recipientBcc: '',
  dkim: { selector: 'mail', name: 'mail._domainkey.shop.example', value: dkimValue, strings: [dkimValue.slice(0, 255), dkimValue.slice(255)] },
  spfHint: 'v=spf1 mx -all',
  dmarcHint: 'v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:postmaster@shop.example',
  createdAt: '2026-11-29T09:00:00.000Z',
};
const txt = (name: string, value: string): ZoneRecord => ({ name, type: 'TXT', value });
const zone = (records: ZoneRecord[], origin = 'shop.example'): DomainZone => ({ serverId: 7, serverName: 'lb01.c20011', zoneId: 3, origin, records });

describe('R2.028 email: the DKIM/SPF/DMARC records against the TXT records of the portal zone holding the domain', () => {
  it('finds the zone (its own origin, else the nearest parent) and names the records relative to it', () => {
    const zones = [{ origin: 'example' }, { origin: 'shop.example' }, { origin: 'other.example' }];
    expect(zoneFor('shop.example', zones)?.origin).toBe('shop.example');
    expect(zoneFor('mail.shop.example', zones)?.origin).toBe('shop.example');
    expect(zoneFor('Shop.Example.', zones)?.origin).toBe('shop.example');
    expect(zoneFor('shop.test', zones)).toBeUndefined();
    expect(zoneFor('hop.example', [{ origin: 'shop.example' }])).toBeUndefined();
    expect(relativeName('shop.example', 'shop.example')).toBe('@');
    expect(relativeName('_dmarc.mail.shop.example', 'shop.example')).toBe('_dmarc.mail');
    expect(sameTxt('v=DMARC1;p=none; ', 'v=DMARC1; p=none')).toBe(true);
    expect(sameTxt('v=spf1 mx -all', 'v=spf1 mx ~all')).toBe(false);
  });

  it('says per record: present and matching, present but different, missing — and adds only the missing ones', () => {
    const checked = checkRecords(
      domain,
      zone([
        txt('mail._domainkey', dkimValue),
        txt('@', 'google-site-verification=abc'),
        txt('@', 'v=spf1 mx include:_spf.managed-hosting.example -all'),
        txt('_dmarc.other', 'v=DMARC1; p=none'),
      ]),
    );
    expect(checked.map((c) => [c.key, c.relativeName, c.state, c.found])).toEqual([
      ['dkim', 'mail._domainkey', 'matching', [dkimValue]],
      ['spf', '@', 'different', ['v=spf1 mx include:_spf.managed-hosting.example -all']],
      ['dmarc', '_dmarc', 'missing', []],
    ]);
    expect(missingRecords(checked)).toEqual([{ name: '_dmarc', type: 'TXT', value: domain.dmarcHint }]);
    // A subdomain's records in its parent's zone; absolute names of the zone count too.
    const sub = { ...domain, name: 'mail.shop.example', dkim: { ...domain.dkim, name: 'mail._domainkey.mail.shop.example' } };
    const inParent = checkRecords(sub, zone([txt('mail._domainkey.mail.shop.example.', dkimValue), txt('mail', 'v=spf1 mx -all')]));
    expect(inParent.map((c) => [c.relativeName, c.state])).toEqual([
      ['mail._domainkey.mail', 'matching'],
      ['mail', 'matching'],
      ['_dmarc.mail', 'missing'],
    ]);
  });

  it('shows the states and adds the missing records to the zone with one button (English)', async () => {
    const added: Schemas['DnsRecordInput'][][] = [];
    await renderWithHost(<DnsHints domain={domain} zone={zone([txt('@', 'v=spf1 a -all')])} onAdd={async (r) => void added.push(r)} />, {
      pluginId: 'email',
      translations: { de, en },
      language: 'en',
    });
    const state = (id: string) => screen.getByTestId(id).getAttribute('data-state');
    expect([state('email-dkim'), state('email-spf'), state('email-dmarc')]).toEqual(['missing', 'different', 'missing']);
    expect(within(screen.getByTestId('email-spf')).getByText(en.domain.zoneValue.replace('{{value}}', 'v=spf1 a -all'))).toBeTruthy();
    expect(screen.getByTestId('email-dns-zone').textContent).toContain('lb01.c20011');
    fireEvent.click(screen.getByRole('button', { name: 'Add to DNS zone shop.example' }));
    await waitFor(() =>
      expect(added).toEqual([
        [
          { name: 'mail._domainkey', type: 'TXT', value: dkimValue },
          { name: '_dmarc', type: 'TXT', value: domain.dmarcHint },
        ],
      ]),
    );
  });

  it('offers nothing to add when the zone has every record, and says so when no zone of the cluster holds the domain (German)', async () => {
    const full = zone([txt('mail._domainkey', dkimValue), txt('@', domain.spfHint), txt('_dmarc', domain.dmarcHint)]);
    const { unmount } = await renderWithHost(<DnsHints domain={domain} zone={full} onAdd={async () => undefined} />, {
      pluginId: 'email',
      translations: { de, en },
      language: 'de',
    });
    expect(screen.getAllByText('In Zone shop.example vorhanden')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Zur DNS-Zone shop.example hinzufügen' })).toBeNull();
    unmount();
    await renderWithHost(<DnsHints domain={domain} zone={null} />, { pluginId: 'email', translations: { de, en }, language: 'de' });
    expect(screen.getByText(de.domain.zoneNone.replace('{{domain}}', 'shop.example'))).toBeTruthy();
    expect(screen.getByTestId('email-dkim').getAttribute('data-state')).toBeNull();
  });
});
