import { hitSubtitle } from './hitText';

const germanDay = (d: string) => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

describe('spotlight hit text', () => {
  it('R2.104 an invoice or order shows its date in the user\'s format, not as an ISO date', () => {
    expect(hitSubtitle({ subtitle: 'Müller & Schmidt Online GmbH', date: '2026-10-31' }, germanDay)).toBe('31.10.2026 · Müller & Schmidt Online GmbH');
    expect(hitSubtitle({ subtitle: 'Onlineshop Produktion' }, germanDay)).toBe('Onlineshop Produktion');
  });
});
