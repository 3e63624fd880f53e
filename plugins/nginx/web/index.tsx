import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { AuthenticationsPage } from './AuthenticationsPage.tsx';
import { ConfigPage } from './ConfigPage.tsx';
import { LogsPage } from './LogsPage.tsx';
import { RedirectsPage } from './RedirectsPage.tsx';
import { VhostFormPage } from './VhostFormPage.tsx';
import { VhostsPage } from './VhostsPage.tsx';

/** nginx: domains, their logs, redirects, authentications, the rendered configuration (spec §2 sub-routes). */
export default defineWebPlugin({
  routes: [
    { path: '', Component: VhostsPage },
    { path: 'domains/new', Component: VhostFormPage },
    { path: 'domains/:vhostId', Component: VhostFormPage },
    { path: 'domains/:vhostId/logs/:kind', Component: LogsPage },
    { path: 'redirects', Component: RedirectsPage },
    { path: 'authentications', Component: AuthenticationsPage },
    { path: 'config', Component: ConfigPage },
  ],
});
