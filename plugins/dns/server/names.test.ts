import { checkOwner, checkTarget, emailToRname, isValidHostmaster, isValidOrigin, relativeOwner, rnameToEmail } from './names.ts';

const origin = 'shop-mueller-schmidt.example';

describe('names', () => {
  it('accepts zone origins that are domain names', () => {
    expect(isValidOrigin(origin)).toBe(true);
    expect(isValidOrigin('xn--mller-kva.de')).toBe(true);
    expect(isValidOrigin('sub.shop.co.uk')).toBe(true);
    for (const bad of ['example', 'exa mple.de', '-shop.de', 'shop-.de', 'shop.123', 'shop..de', 'shop_x.de', 'Shop.de', `${'a'.repeat(64)}.de`, 'a;b.de', 'a"b.de'])
      expect([bad, isValidOrigin(bad)]).toEqual([bad, false]);
  });

  it('turns owner names into names relative to the zone', () => {
    expect(relativeOwner('@', origin)).toBe('@');
    expect(relativeOwner('WWW', origin)).toBe('www');
    expect(relativeOwner(`${origin}.`, origin)).toBe('@');
    expect(relativeOwner(`Mail.${origin}.`, origin)).toBe('mail');
    expect(relativeOwner('www.example.net.', origin)).toBeNull();
  });

  it('checks owner labels, wildcards, hostnames and the length', () => {
    expect(checkOwner('_dmarc', origin)).toBeNull();
    expect(checkOwner('*.cdn', origin)).toBeNull();
    expect(checkOwner('cdn.*', origin)).toBe('wildcard');
    expect(checkOwner('_x', origin, { hostname: true })).toBe('hostname');
    expect(checkOwner('a b', origin)).toBe('syntax');
    expect(checkOwner('a;b', origin)).toBe('syntax');
    expect(checkOwner('-a', origin)).toBe('syntax');
    expect(checkOwner(Array(8).fill('a'.repeat(30)).join('.'), origin)).toBe('too_long');
  });

  it('checks targets: relative, absolute, root only where allowed', () => {
    expect(checkTarget('mail', origin, { hostname: true })).toBeNull();
    expect(checkTarget('mx.example.net.', origin, { hostname: true })).toBeNull();
    expect(checkTarget('.', origin, { root: true })).toBeNull();
    expect(checkTarget('.', origin)).toBe('root');
    expect(checkTarget('_acme.example.net.', origin)).toBeNull();
    expect(checkTarget('_acme.example.net.', origin, { hostname: true })).toBe('hostname');
    expect(checkTarget('a..b.', origin)).toBe('syntax');
  });

  it('writes the hostmaster as SOA RNAME and reads it back', () => {
    expect(emailToRname('hostmaster@managed-hosting.example')).toBe('hostmaster.managed-hosting.example.');
    expect(emailToRname('first.last@shop.de')).toBe('first\\.last.shop.de.');
    expect(rnameToEmail('first\\.last.shop.de.', origin)).toBe('first.last@shop.de');
    expect(rnameToEmail('hostmaster', origin)).toBe(`hostmaster@${origin}`);
    expect(rnameToEmail('nodot.', origin)).toBeNull();
    expect(isValidHostmaster('first.last+dns@shop.de')).toBe(true);
    expect(isValidHostmaster('a"b@shop.de')).toBe(false);
    expect(isValidHostmaster('a\\b@shop.de')).toBe(false);
  });
});
