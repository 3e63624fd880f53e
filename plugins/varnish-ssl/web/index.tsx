import { ConfigSettingsPage, defineWebPlugin } from '@portal/plugin-sdk/web';
import { varnishSslClient } from '../generated/client.ts';
import { config } from '../generated/config.ts';
import { useT } from '../generated/i18n.ts';
import { LogsPage } from './LogsPage.tsx';
import { PurgePanel } from './PurgePanel.tsx';
import { VarnishTabs } from './Tabs.tsx';
import { TlsPanel } from './TlsPanel.tsx';
import { VclPanel } from './VclPanel.tsx';

/** The caching rules of the form (rendered into VCL), the expert's custom VCL and purging. */
const vclFields = ['defaultTtlSeconds', 'graceSeconds', 'backends', 'excludedUrls', 'excludedCookies', 'cacheHeader'] as const;
/** The start parameters (the start command; a change restarts Varnish). */
const startFields = ['memoryMb', 'threadPools', 'threadPoolMin', 'threadPoolMax', 'listenPort'] as const;
/** The TLS front (hitch): rendered into /etc/hitch/hitch.conf; the certificate is chosen in its own panel. */
const tlsFields = ['tlsEnabled', 'httpsPort', 'tlsProtocols', 'tlsCiphers', 'proxyProtocol'] as const;

function ConfigPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={varnishSslClient} intro={t('intro')} fields={vclFields} nav={<VarnishTabs tab="config" />}>
      <VclPanel />
      <PurgePanel />
    </ConfigSettingsPage>
  );
}

function StartParametersPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={varnishSslClient} intro={t('startIntro')} fields={startFields} nav={<VarnishTabs tab="startparameter" />} />
  );
}

function TlsPage() {
  const { t } = useT();
  return (
    <ConfigSettingsPage config={config} client={varnishSslClient} intro={t('tlsIntro')} fields={tlsFields} nav={<VarnishTabs tab="tls" />}>
      <TlsPanel />
    </ConfigSettingsPage>
  );
}

export default defineWebPlugin({
  routes: [
    { path: '', Component: ConfigPage },
    { path: 'config', Component: ConfigPage },
    { path: 'startparameter', Component: StartParametersPage },
    { path: 'tls', Component: TlsPage },
    { path: 'logs', Component: LogsPage },
  ],
});
