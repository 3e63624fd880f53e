import { defineWebPlugin } from '@portal/plugin-sdk/web';
import { MonitoringPage } from './MonitoringPage.tsx';

/** Monitoring: live figures, 1 h / 24 h / 7 d history, service states (spec §2 "monitoring"). */
export default defineWebPlugin({
  routes: [{ path: '', Component: MonitoringPage }],
});
