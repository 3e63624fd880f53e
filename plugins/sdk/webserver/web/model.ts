/** The family's data types as its pages see them (the views every member's contract presents). */
import type { AuthenticationView, CertificateView, ConfigView as ConfigAnswer, LogPageView, RedirectView, SiteView, StatusView } from '../server/views.ts';
import type { LogEntry as Entry, LogKind as Kind } from '../shared/logs.ts';
import type { AuthenticationInput as AuthInput, RedirectInput as RInput, VhostInput as VInput } from '../shared/rules.ts';

export type Vhost = SiteView;
export type VhostInput = VInput;
export type Redirect = RedirectView;
export type RedirectInput = RInput;
export type Authentication = AuthenticationView;
export type AuthenticationInput = AuthInput;
export type Certificate = CertificateView;
export type WebServerStatus = StatusView;
export type ConfigView = ConfigAnswer;
export type LogPage = LogPageView;
export type LogEntry = Entry;
export type LogKind = Kind;

/** The payload of a member's `<id>.log` event (its live log tail). */
export interface LogTailEvent {
  vhostId: number;
  kind: LogKind;
  entries: LogEntry[];
}
