/** The nginx section's data types (from the contract) and its real-time event. */
import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';
import type { ServerEventsOf } from '@portal/plugin-sdk/web';
import type { NginxEvents } from '../shared/events.ts';

export type Vhost = ResponseOf<'getNginxVhost'>;
export type VhostInput = BodyOf<'createNginxVhost'>;
export type Redirect = ResponseOf<'createNginxRedirect'>;
export type RedirectInput = BodyOf<'createNginxRedirect'>;
export type Authentication = ResponseOf<'createNginxAuthentication'>;
export type AuthenticationInput = BodyOf<'createNginxAuthentication'>;
export type Certificate = ResponseOf<'listNginxCertificates'>['data'][number];
export type NginxStatus = ResponseOf<'getNginxStatus'>;
export type ConfigView = ResponseOf<'getNginxConfig'>;
export type LogPage = ResponseOf<'listNginxLogEntries'>;
export type LogEntry = LogPage['data'][number];
export type LogKind = 'access' | 'error';
export type LogQuery = QueryOf<'listNginxLogEntries'>;

/** The payload of `nginx.log` (declared once, in `shared/events.ts`). */
export type LogTailEvent = NginxEvents['log'];

declare module '@portal/plugin-sdk/web' {
  // The events of `shared/events.ts` under their published names (`nginx.log`), typed for `useServerEvent`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from the shared event map
  interface ServerEvents extends ServerEventsOf<'nginx', NginxEvents> {}
}
