/** A short, readable name for a browser's user agent ("Firefox on Linux"); `null` when unknown. */
export function describeUserAgent(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const browser =
    (/Edg(e|A|iOS)?\//.test(ua) && 'Edge') ||
    (/OPR\//.test(ua) && 'Opera') ||
    (/Firefox\/|FxiOS\//.test(ua) && 'Firefox') ||
    (/Chrom(e|ium)\/|CriOS\//.test(ua) && 'Chrome') ||
    (/Safari\//.test(ua) && /Version\//.test(ua) && 'Safari') ||
    null;
  const os =
    (/Windows/.test(ua) && 'Windows') ||
    (/Android/.test(ua) && 'Android') ||
    (/iPhone|iPad|iPod/.test(ua) && 'iOS') ||
    (/Mac OS X|Macintosh/.test(ua) && 'macOS') ||
    (/CrOS/.test(ua) && 'ChromeOS') ||
    (/Linux/.test(ua) && 'Linux') ||
    null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}
