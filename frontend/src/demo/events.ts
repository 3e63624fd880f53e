/** The demo's contact dialog and tour are opened from several places (top bar, module pages); a window event keeps them decoupled. */
export const demoContactEvent = 'portal:demo-contact';
export const demoTourEvent = 'portal:demo-tour';

export const openDemoContact = () => window.dispatchEvent(new Event(demoContactEvent));
export const startDemoTour = () => window.dispatchEvent(new Event(demoTourEvent));
