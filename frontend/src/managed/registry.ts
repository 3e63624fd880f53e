import type { SvgIconComponent } from '@mui/icons-material';
import type { WebPlugin } from '@portal/plugin-sdk/web';
import type { ComponentType } from 'react';

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
  /** Its dashboard card (`web/dashboard.tsx`), a small chunk of its own; else the web part's `DashboardPanel`. */
  dashboard?: () => Promise<{ default: ComponentType }>;
  translations: { de: Translations; en: Translations };
}
