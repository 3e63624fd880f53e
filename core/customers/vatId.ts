import { stdnum } from 'stdnum';

/** A stdnum validator: `validate` answers whether a number is valid for its format (checksum included). */
interface NumberValidator {
  validate(value: string): { isValid: boolean };
}

/**
 * The EU member states (ISO codes, lower case) with the stdnum validator of their VAT number and the
 * prefix a VAT ID carries (Greece uses `EL`).
 */
const euVat: Record<string, { prefix: string; validator: NumberValidator }> = {
  at: { prefix: 'AT', validator: stdnum.AT.uid },
  be: { prefix: 'BE', validator: stdnum.BE.vat },
  bg: { prefix: 'BG', validator: stdnum.BG.vat },
  cy: { prefix: 'CY', validator: stdnum.CY.vat },
  cz: { prefix: 'CZ', validator: stdnum.CZ.dic },
  de: { prefix: 'DE', validator: stdnum.DE.vat },
  dk: { prefix: 'DK', validator: stdnum.DK.cvr },
  ee: { prefix: 'EE', validator: stdnum.EE.kmkr },
  es: { prefix: 'ES', validator: stdnum.ES.nif },
  fi: { prefix: 'FI', validator: stdnum.FI.alv },
  fr: { prefix: 'FR', validator: stdnum.FR.tva },
  gr: { prefix: 'EL', validator: stdnum.GR.vat },
  hr: { prefix: 'HR', validator: stdnum.HR.oib },
  hu: { prefix: 'HU', validator: stdnum.HU.anum },
  ie: { prefix: 'IE', validator: stdnum.IE.vat },
  it: { prefix: 'IT', validator: stdnum.IT.iva },
  lt: { prefix: 'LT', validator: stdnum.LT.pvm },
  lu: { prefix: 'LU', validator: stdnum.LU.tva },
  lv: { prefix: 'LV', validator: stdnum.LV.pvn },
  mt: { prefix: 'MT', validator: stdnum.MT.vat },
  nl: { prefix: 'NL', validator: stdnum.NL.btw },
  pl: { prefix: 'PL', validator: stdnum.PL.nip },
  pt: { prefix: 'PT', validator: stdnum.PT.nif },
  ro: { prefix: 'RO', validator: stdnum.RO.cif },
  se: { prefix: 'SE', validator: stdnum.SE.vat },
  si: { prefix: 'SI', validator: stdnum.SI.ddv },
  sk: { prefix: 'SK', validator: stdnum.SK.dph },
};

/** The EU member states, lower-case ISO codes. */
export const euCountries = Object.keys(euVat);

/** §5: the VAT ID is required within the EU outside Germany. */
export const vatIdRequired = (country: string): boolean => country !== 'de' && country in euVat;

/** A VAT ID without spaces, dots and dashes, upper case (`de 136.695.976` → `DE136695976`). */
export const compactVatId = (value: string): string => value.replace(/[\s.\-/]/g, '').toUpperCase();

/**
 * The message key of what is wrong with a customer's VAT ID, or `undefined` when it is fine: required in
 * the EU outside Germany (`errors.vat_id_required`); for an EU country it must carry that country's
 * prefix and pass the country's checksum (`errors.vat_id_invalid`). Outside the EU it is optional and
 * not checked (no common format).
 */
export function vatIdError(country: string, value: string | null | undefined): string | undefined {
  const vat = compactVatId(value ?? '');
  if (!vat) return vatIdRequired(country) ? 'errors.vat_id_required' : undefined;
  const rule = euVat[country];
  if (!rule) return undefined;
  if (!vat.startsWith(rule.prefix) || !rule.validator.validate(vat).isValid) return 'errors.vat_id_invalid';
  return undefined;
}
