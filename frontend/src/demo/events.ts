/** The demo's contact dialog is opened from several places (top bar, module pages); a window event keeps them decoupled. */
export const demoContactEvent = 'portal:demo-contact';

export const openDemoContact = () => window.dispatchEvent(new Event(demoContactEvent));
