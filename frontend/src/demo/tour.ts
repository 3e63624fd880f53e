import { runtimeT } from '@portal/plugin-sdk/web/runtime-t';
import i18next from 'i18next';

/** Remembers that this browser saw the introduction tour (first visit only, R2.095). */
export const tourSeenKey = 'portal.demoTourSeen';

/** One stop of the tour: the interface element it points at (the first selector present) and its text keys. */
interface Stop {
  selectors: string[];
  key: 'welcome' | 'nav' | 'dashboard' | 'module' | 'contact';
}

/**
 * The stops, each attached to the real interface (issue 31, finding 4): the portal's navigation (the menu button on
 * phones), the server's modules, the server dashboard, one module (nginx), the contact button.
 */
export const tourStops: Stop[] = [
  { key: 'welcome', selectors: ['[data-tour="main-nav"]', '[data-tour="main-nav-button"]'] },
  { key: 'nav', selectors: ['[data-testid="managed-nav"]'] },
  { key: 'dashboard', selectors: ['[data-testid="managed-server-card"]'] },
  { key: 'module', selectors: ['[data-testid="managed-nav"] [data-section="nginx"]', '[data-testid="managed-nav"] [data-section]'] },
  { key: 'contact', selectors: ['[data-testid="demo-contact-button"]'] },
];

/** A visible element for a stop (an element hidden by the layout, e.g. the desktop navigation on a phone, does not count). */
function elementOf(stop: Stop): HTMLElement | undefined {
  for (const selector of stop.selectors) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element && element.getClientRects().length > 0) return element;
  }
  return undefined;
}

/** Resolves once the server dashboard's stops are on the page (at most `timeoutMs`). */
function whenReady(timeoutMs: number): Promise<void> {
  const ready = () => !!elementOf(tourStops[1]) && !!elementOf(tourStops[2]);
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => (ready() || Date.now() - started > timeoutMs ? resolve() : setTimeout(check, 100));
    check();
  });
}

/**
 * The introduction tour (R2.095) with driver.js (loaded on demand with its CSS): it runs on the demo server's
 * dashboard — from another page it goes there first — and highlights each stop's element; arrow keys and Escape
 * work, the focus stays in the step's popover and returns afterwards (driver.js). Stops whose element is not on
 * the page are left out, never shown as a detached dialog.
 */
export async function runDemoTour({ navigate, dashboard }: { navigate: (to: string) => void; dashboard?: string }): Promise<void> {
  if (running) return;
  running = true;
  localStorage.setItem(tourSeenKey, '1');
  try {
    await drive(navigate, dashboard);
  } finally {
    running = false;
  }
}

/** One tour at a time (the first visit and the "Introduction" button may ask at once). */
let running = false;

async function drive(navigate: (to: string) => void, dashboard: string | undefined): Promise<void> {
  const load = Promise.all([import('driver.js'), import('driver.js/dist/driver.css'), import('./tour.css')]);
  if (dashboard && !document.querySelector('[data-testid="managed-server-card"]')) navigate(dashboard);
  const [[{ driver }]] = await Promise.all([load, whenReady(15_000)]);
  const t = (k: string, o?: Record<string, unknown>) => runtimeT(i18next.t, `demo:${k}`, o);
  const steps = tourStops.flatMap((stop) => {
    const element = elementOf(stop);
    return element ? [{ element, popover: { title: t(`tour.${stop.key}.title`), description: t(`tour.${stop.key}.text`) } }] : [];
  });
  if (!steps.length) return;
  driver({
    showProgress: true,
    progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t('tour.next'),
    prevBtnText: t('tour.prev'),
    doneBtnText: t('tour.done'),
    popoverClass: 'portal-demo-tour',
    // No sliding highlight for visitors who ask for reduced motion (driver.js does not look at the setting itself).
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    steps,
  }).drive();
}
