/** Date and number formatting in the user's language. */
export const formatDateTime = (iso: string | null | undefined, language: string): string =>
  iso
    ? new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'de-DE', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso))
    : '–';

export function formatBytes(bytes: number | null, language: string): string {
  if (bytes === null) return '–';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}
