/** Bytes as GB/MB in the user's language. */
export function formatBytes(bytes: number, language: string): string {
  const gb = bytes / 1024 ** 3;
  const [value, unit] = gb >= 1 ? [gb, 'GB'] : [bytes / 1024 ** 2, 'MB'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

export const percent = (used: number, total: number): number => (total > 0 ? Math.round((used / total) * 100) : 0);
