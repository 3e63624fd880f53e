import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { contractPath } from '../api/contractPath';
import { sessionApi } from '../api/session';
import { whenIdle } from '../shell/idle';
import { useAppSelector } from '../store';
import { pageView, rememberConsent, storedConsent, type Consent } from './analytics';
import { ConsentBanner } from './ConsentBanner';
import { setReportingUser, startErrorReporting, type ErrorReportingConfig } from './errorReporting';

interface ClientConfig {
  errorReporting?: ErrorReportingConfig;
  analytics?: { url: string };
}

/** Asks the server's run-time configuration once per page load, when the browser is idle. */
let configRequest: Promise<ClientConfig> | undefined;
export function clientConfig(): Promise<ClientConfig> {
  configRequest ??= fetch(new URL(contractPath('getClientConfig', 'GET', 'api/v1/client-config'), window.location.origin), {
    headers: { Accept: 'application/json' },
  })
    .then((r) => (r.ok ? (r.json() as Promise<ClientConfig>) : {}))
    .catch(() => ({}));
  return configRequest;
}

/** For tests: the next mount asks again. */
export function resetClientConfig(): void {
  configRequest = undefined;
}

const selectMe = sessionApi.endpoints.getMe.select();

/**
 * Error reporting and usage analytics of the signed-in and public pages (issue 31): starts reporting when a DSN is
 * configured, keeps the reported user id current, and — only when analytics is configured — asks for consent and,
 * once given, sends a page view per page with the user id.
 */
export function Monitoring() {
  const signedIn = useAppSelector((s) => s.auth.status === 'authenticated');
  const userId = useAppSelector((s) => (signedIn ? (selectMe(s).data?.id ?? null) : null));
  const [analyticsUrl, setAnalyticsUrl] = useState<string>();
  const [consent, setConsent] = useState<Consent | undefined>(() => storedConsent());
  const { pathname } = useLocation();

  useEffect(
    () =>
      whenIdle(() => {
        void clientConfig().then((config) => {
          void startErrorReporting(config.errorReporting);
          setAnalyticsUrl(config.analytics?.url);
        });
      }),
    [],
  );
  useEffect(() => setReportingUser(userId), [userId]);
  useEffect(() => {
    if (analyticsUrl && consent === 'accepted') pageView(analyticsUrl, pathname, userId);
  }, [analyticsUrl, consent, pathname, userId]);

  if (!analyticsUrl || consent) return null;
  return (
    <ConsentBanner
      onAnswer={(answer) => {
        rememberConsent(answer);
        setConsent(answer);
      }}
    />
  );
}
