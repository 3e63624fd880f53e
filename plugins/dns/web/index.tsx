import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { ZonePage, ZoneRedirect } from './ZonePage.tsx';
import { ZonesPage } from './ZonesPage.tsx';

/** Routes (spec §2 "dns, with zones/{zoneId}/modus/{mode}"): the zone list, and a zone in `form` or `expert` mode. */
export default defineWebPlugin({
  routes: [
    { path: '', Component: ZonesPage },
    { path: 'zones/:zoneId', Component: ZoneRedirect },
    { path: 'zones/:zoneId/modus/:mode', Component: ZonePage },
  ],
});
