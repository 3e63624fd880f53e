/**
 * The ten built-in notices of §3 (ids 0–9), the same for every user, in German and English. Their read
 * state is kept per user (BuiltInNoticeRead). Links are portal paths unless `external`.
 */
export interface Localized {
  de: string;
  en: string;
}

export interface BuiltInNotice {
  id: number;
  /** The day the notice was published (YYYY-MM-DD). */
  date: string;
  title: Localized;
  message: Localized;
  link: string | null;
  /** The English target when it differs (`link_en`). */
  linkEn: string | null;
  external: boolean;
  /** An illustration per language (a path under the SPA), or null. */
  image: Localized | null;
  /** Asks for feedback (the survey). */
  isFeedback: boolean;
}

const notice = (n: Omit<BuiltInNotice, 'linkEn' | 'external' | 'image' | 'isFeedback' | 'link'> & Partial<BuiltInNotice>): BuiltInNotice => ({
  link: null,
  linkEn: null,
  external: false,
  image: null,
  isFeedback: false,
  ...n,
});

export const builtInNotices: readonly BuiltInNotice[] = [
  notice({
    id: 0,
    date: '2026-01-12',
    title: { de: 'Die Benachrichtigungszentrale', en: 'The notification centre' },
    message: {
      de: 'Neuigkeiten zum Portal und Meldungen zu Ihren Clustern, Rechnungen und Aufträgen finden Sie ab jetzt hier, an der Glocke oben rechts.',
      en: 'News about the portal and notices about your clusters, invoices and orders now appear here, at the bell at the top right.',
    },
    image: { de: '/a/notifications/notification-centre-de.svg', en: '/a/notifications/notification-centre-en.svg' },
  }),
  notice({
    id: 1,
    date: '2026-02-03',
    title: { de: 'Passen Sie die Oberfläche an', en: 'Customise the interface' },
    message: {
      de: 'Dunkles Design und reduzierte Breite stellen Sie im Benutzermenü ein; das Portal merkt sich Ihre Wahl auf allen Geräten.',
      en: 'Choose the dark design and the reduced width in the user menu; the portal remembers your choice on every device.',
    },
    link: '/profile',
  }),
  notice({
    id: 2,
    date: '2026-02-24',
    title: { de: 'Tabellen nach Ihren Wünschen', en: 'Tables the way you want them' },
    message: {
      de: 'Spalten, Sortierung und Seitengröße der Tabellen lassen sich einstellen und bleiben gespeichert.',
      en: 'Columns, sort order and page size of the tables can be set and are kept.',
    },
  }),
  notice({
    id: 3,
    date: '2026-03-17',
    title: { de: 'Cluster-Steuerung', en: 'Cluster control' },
    message: {
      de: 'Dienste Ihrer Server steuern Sie jetzt direkt im Managed Center: Konfiguration ändern, anwenden und bei Bedarf zurückrollen.',
      en: 'Control the services of your servers right in the Managed Center: change the configuration, apply it and roll it back when needed.',
    },
    link: '/',
  }),
  notice({
    id: 4,
    date: '2026-04-08',
    title: { de: 'Ihre Meinung zählt', en: 'Your opinion counts' },
    message: {
      de: 'Nehmen Sie sich fünf Minuten für unsere Umfrage und sagen Sie uns, was wir am Portal verbessern sollen.',
      en: 'Take five minutes for our survey and tell us what we should improve in the portal.',
    },
    link: 'https://www.example.com/umfrage',
    linkEn: 'https://www.example.com/survey',
    external: true,
    isFeedback: true,
  }),
  notice({
    id: 5,
    date: '2026-05-05',
    title: { de: 'Cluster-Daten exportieren', en: 'Export cluster data' },
    message: {
      de: 'Die Liste Ihrer Cluster mit Vertragsdaten können Sie als CSV-Datei herunterladen.',
      en: 'You can download the list of your clusters with their contract data as a CSV file.',
    },
  }),
  notice({
    id: 6,
    date: '2026-06-02',
    title: { de: 'Das Bewerbungscenter schließt', en: 'The application centre closes' },
    message: {
      de: 'Das Bewerbungscenter wird zum 30. Juni eingestellt. Offene Bewerbungen bleiben bis dahin einsehbar.',
      en: 'The application centre closes on 30 June. Open applications stay visible until then.',
    },
  }),
  notice({
    id: 7,
    date: '2026-07-14',
    title: { de: 'Spotlight-Suche', en: 'Spotlight search' },
    message: {
      de: 'Mit Strg+Umschalt+Leertaste finden Sie Cluster, Server, Verträge, Rechnungen und Seiten des Portals von überall.',
      en: 'Press Ctrl+Shift+Space to find clusters, servers, contracts, invoices and pages of the portal from anywhere.',
    },
    image: { de: '/a/notifications/spotlight-de.svg', en: '/a/notifications/spotlight-en.svg' },
  }),
  notice({
    id: 8,
    date: '2026-09-01',
    title: { de: 'Basis-SLA für alle Cluster', en: 'Basic SLA for every cluster' },
    message: {
      de: 'Ab sofort gilt für jeden Cluster mindestens das Basis-SLA. Details stehen in der Leistungsbeschreibung.',
      en: 'From now on, every cluster has at least the basic SLA. The details are in the service description.',
    },
    link: 'https://www.example.com/de/sla',
    linkEn: 'https://www.example.com/en/sla',
    external: true,
  }),
  notice({
    id: 9,
    date: '2026-10-20',
    title: { de: 'Erweiterter Support für ältere PHP-Versionen', en: 'Extended support for older PHP versions' },
    message: {
      de: 'Für PHP-Versionen ohne offizielle Sicherheitsupdates bieten wir erweiterten Support an, damit Sie in Ruhe migrieren können.',
      en: 'For PHP versions without official security updates we offer extended support, so you can migrate without haste.',
    },
    link: 'https://www.example.com/de/php-extended-support',
    linkEn: 'https://www.example.com/en/php-extended-support',
    external: true,
  }),
];

export const builtInNoticeIds = builtInNotices.map((n) => n.id);
