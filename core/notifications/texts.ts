import type { Localized } from './builtInNotices.ts';
import type { NotificationKind, NotificationValues } from './Notification.ts';

/** Order statuses as the orders page names them (frontend `orders` namespace), so the notice does not show the raw value. */
const orderStatusLabels: Record<string, Localized> = {
  accepted: { de: 'Aktiv', en: 'Active' },
  open: { de: 'Offen', en: 'Open' },
  completed: { de: 'Abgeschlossen', en: 'Completed' },
  declined: { de: 'Abgelehnt', en: 'Declined' },
  cancelled: { de: 'Storniert', en: 'Cancelled' },
  preparation_in_progress: { de: 'In Vorbereitung', en: 'Preparation in progress' },
  preparation_failed: { de: 'Vorbereitung fehlgeschlagen', en: 'Preparation failed' },
  preparation_completed: { de: 'Vorbereitung abgeschlossen', en: 'Preparation completed' },
  pending: { de: 'Ausstehend', en: 'Pending' },
};

/** The title and message of a server-side notice in both languages, from its kind and values (one place for the panel and the e-mail). */
export function noticeTexts(kind: NotificationKind, v: NotificationValues): { title: Localized; message: Localized } {
  const s = (key: string) => String(v[key] ?? '');
  switch (kind) {
    case 'apply_failed':
      return {
        title: { de: `Änderung auf ${s('serverName')} fehlgeschlagen`, en: `Change on ${s('serverName')} failed` },
        message: {
          de: `Die Konfiguration von ${s('pluginId')} auf Server ${s('serverName')} (Cluster ${s('clusterNumber')}) konnte nicht angewendet werden. Der zuletzt angewendete Stand ist wiederhergestellt.`,
          en: `The ${s('pluginId')} configuration could not be applied on server ${s('serverName')} (cluster ${s('clusterNumber')}). The last applied version has been restored.`,
        },
      };
    case 'apply_rolled_back':
      return {
        title: { de: `Änderung auf ${s('serverName')} zurückgerollt`, en: `Change on ${s('serverName')} rolled back` },
        message: {
          de: `Die Konfiguration von ${s('pluginId')} auf Server ${s('serverName')} (Cluster ${s('clusterNumber')}) wurde auf den vorherigen Stand zurückgesetzt.`,
          en: `The ${s('pluginId')} configuration on server ${s('serverName')} (cluster ${s('clusterNumber')}) was rolled back to the previous version.`,
        },
      };
    case 'invoice_issued':
      return {
        title: { de: `Neue Rechnung ${s('number')}`, en: `New invoice ${s('number')}` },
        message: { de: `Die Rechnung ${s('number')} wurde ausgestellt und steht zum Herunterladen bereit.`, en: `Invoice ${s('number')} has been issued and is ready to download.` },
      };
    case 'termination_confirmed':
      return {
        title: { de: `Kündigung von Cluster ${s('clusterNumber')} bestätigt`, en: `Termination of cluster ${s('clusterNumber')} confirmed` },
        message: { de: `Die Kündigung des Clusters ${s('clusterNumber')} zum ${s('endOfTerm')} ist bestätigt.`, en: `The termination of cluster ${s('clusterNumber')} as of ${s('endOfTerm')} is confirmed.` },
      };
    case 'order_status_changed':
      return {
        title: { de: `Auftrag ${s('number')}: neuer Status`, en: `Order ${s('number')}: new status` },
        message: {
          de: `Der Auftrag ${s('number')} hat jetzt den Status „${orderStatusLabels[s('status')]?.de ?? s('status')}“.`,
          en: `Order ${s('number')} now has the status "${orderStatusLabels[s('status')]?.en ?? s('status')}".`,
        },
      };
    case 'invitation_accepted':
      return {
        title: { de: `${s('name')} hat Ihre Einladung angenommen`, en: `${s('name')} accepted your invitation` },
        message: { de: `${s('name')} hat die Einladung für ${s('target')} angenommen.`, en: `${s('name')} accepted the invitation for ${s('target')}.` },
      };
    case 'webhook_disabled':
      return {
        title: { de: 'Webhook abgeschaltet', en: 'Webhook switched off' },
        message: {
          de: `Zustellungen an ${s('url')} sind einen Tag lang fehlgeschlagen. Der Webhook wurde abgeschaltet; prüfen Sie den Empfänger und schalten Sie ihn im Zustellprotokoll wieder ein.`,
          en: `Deliveries to ${s('url')} kept failing for a day. The webhook was switched off; check the receiver and switch it on again from its delivery log.`,
        },
      };
    case 'managed_notice':
      // Rendered from the plugin's own texts (its i18n, both languages) when it raised the notice.
      return { title: { de: s('titleDe'), en: s('titleEn') }, message: { de: s('messageDe'), en: s('messageEn') } };
    case 'new_sign_in':
      return {
        title: { de: 'Anmeldung von einem unbekannten Browser', en: 'Sign-in from an unknown browser' },
        message: {
          de: `Ihr Zugang wurde von einem Browser verwendet, der bisher nicht angemeldet war (${s('browser')}, ${s('ip')}). Waren Sie das nicht, ändern Sie Ihr Passwort.`,
          en: `Your account was used from a browser that had not signed in before (${s('browser')}, ${s('ip')}). If this was not you, change your password.`,
        },
      };
  }
}
