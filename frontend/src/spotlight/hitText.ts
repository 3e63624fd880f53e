import type { Schemas } from '@portal/openapi';

/** A hit's second line: its date in the user's format (invoices, orders), then the subtitle. */
export const hitSubtitle = (hit: Pick<Schemas['SpotlightHit'], 'subtitle' | 'date'>, day: (isoDay: string) => string): string =>
  [hit.date ? day(hit.date) : '', hit.subtitle].filter(Boolean).join(' · ');
