/** The spotlight's recent items: the last ones chosen, per browser (nothing sensitive: titles and portal paths). */
export interface RecentItem {
  id: string;
  group: string;
  title: string;
  subtitle: string;
  path: string;
}

const key = 'portal.spotlight.recent';
const MAX_RECENT = 6;

export function readRecent(): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentItem[]).filter((r) => typeof r?.id === 'string' && typeof r.path === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(item: RecentItem): void {
  const next = [item, ...readRecent().filter((r) => r.id !== item.id)].slice(0, MAX_RECENT);
  localStorage.setItem(key, JSON.stringify(next));
}
