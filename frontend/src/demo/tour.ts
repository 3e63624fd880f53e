import i18next from 'i18next';

/** Remembers that this browser saw the introduction tour (first visit only, R2.095). */
export const tourSeenKey = 'portal.demoTourSeen';

/**
 * The introduction tour (R2.095) with driver.js, loaded on demand (own chunk with its CSS): the
 * Managed Center's module list, the server, the contact button. Steps whose element is missing
 * (e.g. the narrow layout) are left out.
 */
export async function runDemoTour(): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css')]);
  const t = (k: string, o?: Record<string, unknown>) => i18next.t(`demo:${k}`, o);
  const steps = [
    { popover: { title: t('tour.welcome.title'), description: t('tour.welcome.text') } },
    { element: '[data-testid="managed-nav"]', popover: { title: t('tour.nav.title'), description: t('tour.nav.text') } },
    { element: '[data-testid="managed-title"]', popover: { title: t('tour.title.title'), description: t('tour.title.text') } },
    { element: '[data-testid="demo-contact-button"]', popover: { title: t('tour.contact.title'), description: t('tour.contact.text') } },
  ].filter((s) => !s.element || document.querySelector(s.element));
  localStorage.setItem(tourSeenKey, '1');
  driver({
    showProgress: true,
    progressText: t('tour.progress', { current: '{{current}}', total: '{{total}}' }),
    nextBtnText: t('tour.next'),
    prevBtnText: t('tour.prev'),
    doneBtnText: t('tour.done'),
    popoverClass: 'portal-demo-tour',
    steps,
  }).drive();
}
