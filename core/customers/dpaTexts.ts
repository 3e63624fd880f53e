import type { TextDocument } from './textPdf.ts';

/** The provider, as the agreements name it (demo values; §9: real details are configured, not reproduced). */
export const processor = { name: 'Managed Hosting GmbH', address: 'Beispielstraße 1, 10115 Berlin' };

type Language = 'de' | 'en';
type Sections = TextDocument['sections'];

/** The agreement's clauses per version (Art. 28 GDPR). Version 2026-10 adds the sub-processor list and the 48-hour breach notice. */
export function dpaClauses(version: string, language: Language): Sections {
  const de = language === 'de';
  const base: Sections = de
    ? [
        { heading: '1. Gegenstand und Dauer', paragraphs: ['Der Auftragsverarbeiter verarbeitet personenbezogene Daten im Auftrag des Verantwortlichen ausschließlich zur Erbringung der vereinbarten Managed-Hosting-Leistungen. Die Vereinbarung gilt für die Dauer der Hauptverträge.'] },
        { heading: '2. Art der Daten und Kreis der Betroffenen', paragraphs: ['Betroffen sind alle Daten, die der Verantwortliche auf den Clustern speichert oder verarbeiten lässt, insbesondere Kunden-, Interessenten- und Beschäftigtendaten sowie Nutzungs- und Protokolldaten.'] },
        { heading: '3. Weisungen', paragraphs: ['Der Auftragsverarbeiter verarbeitet die Daten nur auf dokumentierte Weisung des Verantwortlichen. Ist er der Ansicht, dass eine Weisung gegen Datenschutzvorschriften verstößt, weist er unverzüglich darauf hin.'] },
        { heading: '4. Technische und organisatorische Maßnahmen', paragraphs: ['Der Auftragsverarbeiter trifft die in der Anlage „Technische und organisatorische Maßnahmen“ (TOM) beschriebenen Maßnahmen nach Art. 32 DSGVO und passt sie dem Stand der Technik an.'] },
        { heading: '5. Vertraulichkeit', paragraphs: ['Alle mit der Verarbeitung befassten Personen sind auf die Vertraulichkeit verpflichtet.'] },
        { heading: '6. Löschung und Rückgabe', paragraphs: ['Nach Ende der Leistungen werden die Daten nach Wahl des Verantwortlichen zurückgegeben oder gelöscht, soweit keine gesetzliche Aufbewahrungspflicht besteht.'] },
      ]
    : [
        { heading: '1. Subject and duration', paragraphs: ['The processor processes personal data on behalf of the controller solely to provide the agreed managed hosting services. This agreement applies for the term of the main contracts.'] },
        { heading: '2. Types of data and data subjects', paragraphs: ['It covers all data the controller stores or has processed on the clusters, in particular data of customers, prospects and employees as well as usage and log data.'] },
        { heading: '3. Instructions', paragraphs: ['The processor processes the data only on documented instructions of the controller. If it considers an instruction to infringe data protection law, it says so without delay.'] },
        { heading: '4. Technical and organisational measures', paragraphs: ['The processor takes the measures described in the annex "Technical and organisational measures" (TOMs) under Art. 32 GDPR and keeps them up to the state of the art.'] },
        { heading: '5. Confidentiality', paragraphs: ['Everyone involved in the processing is bound to confidentiality.'] },
        { heading: '6. Deletion and return', paragraphs: ['When the services end, the data is returned or deleted at the controller\'s choice unless the law requires it to be kept.'] },
      ];
  if (version < '2026-10') return base;
  return [
    ...base,
    de
      ? { heading: '7. Unterauftragsverarbeiter', paragraphs: ['Unterauftragsverarbeiter werden nur nach vorheriger Information des Verantwortlichen eingesetzt; er kann binnen 14 Tagen widersprechen. Eingesetzt werden: Rechenzentrumsbetrieb (Frankfurt am Main), E-Mail-Versand (Berlin).'] }
      : { heading: '7. Sub-processors', paragraphs: ['Sub-processors are engaged only after informing the controller, who may object within 14 days. Engaged are: data centre operation (Frankfurt am Main), e-mail delivery (Berlin).'] },
    de
      ? { heading: '8. Meldung von Datenschutzverletzungen', paragraphs: ['Der Auftragsverarbeiter meldet Verletzungen des Schutzes personenbezogener Daten spätestens 48 Stunden nach Kenntnis.'] }
      : { heading: '8. Notification of personal data breaches', paragraphs: ['The processor reports personal data breaches no later than 48 hours after becoming aware of them.'] },
  ];
}

/** The technical and organisational measures (annex of the DPA, Art. 32 GDPR). */
export function tomSections(language: Language): Sections {
  return language === 'de'
    ? [
        { heading: 'Zutrittskontrolle', paragraphs: ['Rechenzentren mit Vereinzelungsanlagen, Videoüberwachung und Zutritt nur für berechtigtes Personal mit Protokollierung.'] },
        { heading: 'Zugangs- und Zugriffskontrolle', paragraphs: ['Persönliche Zugänge mit Zwei-Faktor-Authentifizierung, Rollen nach dem Prinzip der minimalen Rechte, Protokollierung administrativer Zugriffe.'] },
        { heading: 'Weitergabekontrolle', paragraphs: ['Übertragungen ausschließlich verschlüsselt (TLS 1.2 oder höher, SSH); Datenträger werden vor der Entsorgung zertifiziert gelöscht.'] },
        { heading: 'Verfügbarkeitskontrolle', paragraphs: ['Redundante Stromversorgung und Netzanbindung, tägliche Sicherungen an einem zweiten Standort, regelmäßige Wiederherstellungstests.'] },
        { heading: 'Trennungskontrolle', paragraphs: ['Jeder Cluster läuft auf eigenen virtuellen Maschinen; Kundendaten werden logisch getrennt verarbeitet.'] },
        { heading: 'Überprüfung', paragraphs: ['Die Maßnahmen werden jährlich und nach wesentlichen Änderungen überprüft und dokumentiert.'] },
      ]
    : [
        { heading: 'Physical access control', paragraphs: ['Data centres with turnstiles, video surveillance and logged access for authorised staff only.'] },
        { heading: 'System and data access control', paragraphs: ['Personal accounts with two-factor authentication, roles on the principle of least privilege, logging of administrative access.'] },
        { heading: 'Transfer control', paragraphs: ['Transfers only encrypted (TLS 1.2 or higher, SSH); storage media are wiped with a certificate before disposal.'] },
        { heading: 'Availability control', paragraphs: ['Redundant power and network, daily backups at a second site, regular restore tests.'] },
        { heading: 'Separation control', paragraphs: ['Every cluster runs on virtual machines of its own; customer data is processed logically separated.'] },
        { heading: 'Review', paragraphs: ['The measures are reviewed and documented every year and after significant changes.'] },
      ];
}
