import { PDFDocument } from 'pdf-lib';
import { contentDisposition } from './documents.ts';
import { currentDpaVersion, dpaConclusionErrors, dpaState, dpaVersions, renderDpaPdf, renderTomsPdf } from './dpa.ts';
import type { Customer } from '../tenancy/index.ts';

const current = currentDpaVersion();
const older = dpaVersions[0].version;

describe('DPA versions (§4 DPA, §5)', () => {
  it('R4.021 R3.037 a customer without a conclusion has not concluded; the current version makes it concluded', () => {
    expect(dpaState([])).toBe('not_concluded');
    expect(dpaState([current])).toBe('concluded');
    expect(dpaState([older, current])).toBe('concluded');
  });

  it('R4.023 an older version only means renewed conclusion is needed (outdated)', () => {
    expect(older).not.toBe(current);
    expect(dpaState([older])).toBe('outdated');
    expect(dpaState([older], '2099-01')).toBe('outdated');
    expect(dpaState([current], '2099-01')).toBe('outdated');
  });

  it('R5.040 R4.021 concluding needs the confirmed checkbox', () => {
    expect(dpaConclusionErrors({ version: current, accepted: false }, [])).toEqual({ fields: { accepted: ['errors.dpa_confirmation_required'] } });
    expect(dpaConclusionErrors({ version: current, accepted: true }, [])).toEqual({});
    expect(dpaConclusionErrors({ version: current, accepted: true }, [older])).toEqual({});
  });

  it('R4.023 only the current version can be concluded, and only once', () => {
    expect(dpaConclusionErrors({ version: older, accepted: true }, [])).toEqual({ fields: { version: ['errors.dpa_version_outdated'] } });
    expect(dpaConclusionErrors({ version: older, accepted: false }, []).fields).toEqual({ accepted: ['errors.dpa_confirmation_required'], version: ['errors.dpa_version_outdated'] });
    expect(dpaConclusionErrors({ version: current, accepted: true }, [current])).toEqual({ conflict: 'errors.dpa_already_concluded' });
  });

  it('R2.086 renders the concluded contract and the TOMs as real PDFs in both languages', async () => {
    const customer = { number: 10001, company: 'Müller & Schmidt Online GmbH', street: 'Friedrichstraße 123', zip: '10117', city: 'Berlin', language: 'de' } as Customer;
    for (const language of ['de', 'en'] as const) {
      const pdf = await renderDpaPdf(customer, current, 'Max Müller', new Date('2026-11-24T10:00:00Z'), language);
      const doc = await PDFDocument.load(pdf);
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(doc.getTitle()).toBe(language === 'de' ? 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO' : 'Data processing agreement under Art. 28 GDPR');
      const toms = await PDFDocument.load(await renderTomsPdf(language));
      expect(toms.getTitle()).toContain(language === 'de' ? 'Technische und organisatorische' : 'Technical and organisational');
    }
  });
});

describe('downloads (§2 Documents)', () => {
  it('R2.085 Content-Disposition names the file as RFC 6266 asks: ASCII fallback and the UTF-8 name in filename*', () => {
    expect(contentDisposition('Auftragsbestätigung-20011.pdf')).toBe(`attachment; filename="Auftragsbestatigung-20011.pdf"; filename*=UTF-8''Auftragsbest%C3%A4tigung-20011.pdf`);
    expect(contentDisposition('a"b;c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%3Bc.pdf`);
  });
});
