/** The nginx section's data types (from the contract) and its real-time event. */
import type { BodyOf, QueryOf, ResponseOf } from '@portal/openapi';

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

/** The payload of `nginx.log` (see server/tail.ts). */
export interface LogTailEvent {
  vhostId: number;
  kind: LogKind;
  entries: LogEntry[];
}

declare module '@portal/plugin-sdk/web' {
  interface ServerEvents {
    /** New lines of a followed log (while someone follows it). */
    'nginx.log': LogTailEvent;
  }
}
