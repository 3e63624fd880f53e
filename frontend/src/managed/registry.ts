import type { SvgIconComponent } from '@mui/icons-material';
import type { WebPlugin } from '@portal/plugin-sdk/web';

type Translations = () => Promise<{ default: Record<string, unknown> }>;

/** One plugin as the generated registry (`frontend/src/generated/plugins.ts`) lists it. */
export interface WebPluginEntry {
  id: string;
  titleKey: string;
  /** The title in both languages, so the navigation needs no plugin chunk. */
  titles: { de: string; en: string };
  icon: SvgIconComponent;
  order: number;
  services: readonly string[] | 'all';
  web: () => Promise<{ default: WebPlugin }>;
  translations: { de: Translations; en: Translations };
}
