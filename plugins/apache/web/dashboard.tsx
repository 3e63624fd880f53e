import { defineDashboardCard } from '@portal/plugin-sdk/web';
import { WebServerCard } from '@portal/plugin-sdk/webserver/web/dashboard';
import { apacheApi } from '../generated/client.ts';

/** The apache card on the server's dashboard (its own small chunk): the web server family's card. */
export default defineDashboardCard(() => <WebServerCard pluginId="apache" api={apacheApi} />);
