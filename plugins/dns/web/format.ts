import type { DnsRecord } from './model.ts';

/** A record's data as one line, as in the zone file (`10 mail`, `0 issue "letsencrypt.org"`). */
export function rdataText(r: Pick<DnsRecord, 'type' | 'value' | 'priority' | 'weight' | 'port' | 'flags' | 'tag'>): string {
  switch (r.type) {
    case 'MX':
      return `${r.priority} ${r.value}`;
    case 'SRV':
      return `${r.priority} ${r.weight} ${r.port} ${r.value}`;
    case 'CAA':
      return `${r.flags} ${r.tag} "${r.value}"`;
    case 'TXT':
      return `"${r.value}"`;
    default:
      return r.value;
  }
}

/** The full name of a record (`www` in `example.com` → `www.example.com`). */
export const fullName = (name: string, origin: string) => (name === '@' ? origin : `${name}.${origin}`);

/** Seconds as the largest whole unit (`3600` → `1 h`, `90` → `90 s`), for TTLs and SOA timers. */
export function duration(seconds: number, language: string): string {
  const units: [number, Intl.NumberFormatOptions['unit']][] = [
    [604800, 'week'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    if (seconds >= size && seconds % size === 0)
      return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long' }).format(seconds);
}

/** An integer in a range, or a message key. */
export function intError(value: string | undefined, min: number, max: number, required: boolean): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return required ? 'form.required' : undefined;
  if (!/^\d+$/.test(v)) return 'form.integer';
  const n = Number(v);
  return n < min || n > max ? 'form.range' : undefined;
}
