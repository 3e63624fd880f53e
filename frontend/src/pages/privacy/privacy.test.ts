import { readFileSync } from 'node:fs';

interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

interface PrivacyNamespace {
  title: string;
  updated: string;
  intro: string;
  tocHeading: string;
  sections: PrivacySection[];
}

type Language = 'de' | 'en';

const load = (language: Language): PrivacyNamespace =>
  JSON.parse(
    readFileSync(new URL(`../../i18n/locales/${language}/privacy.json`, import.meta.url), 'utf8'),
  ) as PrivacyNamespace;

const policies: Record<Language, PrivacyNamespace> = { de: load('de'), en: load('en') };

/** Every leaf path of a JSON value, array positions included, e.g. `sections.2.paragraphs.0`. */
const keyPaths = (value: unknown, prefix = ''): string[] => {
  if (Array.isArray(value)) return value.flatMap((entry, index) => keyPaths(entry, `${prefix}${index}.`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, entry]) => keyPaths(entry, `${prefix}${key}.`));
  }
  return [prefix.slice(0, -1)];
};

const section = (language: Language, id: string): PrivacySection => {
  const found = policies[language].sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`${language}: no section "${id}"`);
  return found;
};

const textsOf = (entry: PrivacySection): string[] => [entry.heading, ...entry.paragraphs, ...(entry.items ?? [])];

/**
 * Asserts that one single paragraph or list item of the section states all the phrases together,
 * so a figure is tied to what it is about and not merely somewhere on the page.
 */
const expectStatement = (language: Language, id: string, ...phrases: string[]): void => {
  const texts = textsOf(section(language, id));
  const match = texts.find((text) => phrases.every((phrase) => text.includes(phrase)));
  if (!match) {
    throw new Error(`${language}/${id}: no paragraph or item contains all of ${JSON.stringify(phrases)}`);
  }
};

const expectBoth = (id: string, de: string[], en: string[]): void => {
  expectStatement('de', id, ...de);
  expectStatement('en', id, ...en);
};

describe('privacy policy namespace', () => {
  it('R1.005 German and English have exactly the same keys, sections and section ids in the same order', () => {
    expect(keyPaths(policies.en)).toEqual(keyPaths(policies.de));
    expect(policies.en.sections.map((entry) => entry.id)).toEqual(policies.de.sections.map((entry) => entry.id));
    const ids = policies.de.sections.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it('R1.005 every text is filled in and free of markup and interpolation placeholders in both languages', () => {
    for (const language of ['de', 'en'] as const) {
      const policy = policies[language];
      const texts = [policy.title, policy.updated, policy.intro, policy.tocHeading, ...policy.sections.flatMap(textsOf)];
      for (const text of texts) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/<[a-z/]|\{\{|\$t\(/i);
      }
      for (const entry of policy.sections) expect(entry.paragraphs.length).toBeGreaterThan(0);
    }
    expect(policies.de.title).toBe('Datenschutzerklärung');
    expect(policies.en.title).toBe('Privacy policy');
  });

  it('R1.005 covers hosting and logs, cookies and consent, the app, accounts with optional 2FA, contact forms, newsletters, surveys, analytics, marketing, embedded content and payment', () => {
    const topics = ['hosting', 'cookies', 'web-app', 'account', 'contact', 'newsletter', 'surveys', 'analytics', 'marketing', 'embedded', 'payment'];
    for (const language of ['de', 'en'] as const) {
      expect(policies[language].sections.map((entry) => entry.id)).toEqual(expect.arrayContaining(topics));
    }
    expectBoth('hosting', ['Server-Logfiles'], ['server log files']);
    expectBoth('cookies', ['Einwilligung', 'Cookies'], ['consent', 'cookies']);
    expectBoth('web-app', ['Kundenportal'], ['customer portal']);
    expectBoth('account', ['Optional', 'Zwei-Faktor-Authentifizierung'], ['optionally', 'two-factor authentication']);
    expectBoth('contact', ['Kontaktformular'], ['contact form']);
    expectBoth('newsletter', ['Newsletter', 'Einwilligung'], ['newsletter', 'consent']);
    expectBoth('surveys', ['Umfragen', 'freiwillig'], ['surveys', 'voluntary']);
    expectBoth('analytics', ['Webanalyse'], ['Web analytics']);
    expectBoth('marketing', ['Werbung'], ['advertising']);
    expectBoth('embedded', ['Inhalte Dritter'], ['third-party content']);
    expectBoth('payment', ['SEPA-Lastschrift'], ['SEPA direct debit']);
  });

  it('R1.005 names the controller, the data protection officer, the legal bases, rights, complaints, processors and third-country transfers', () => {
    expectBoth(
      'controller',
      ['Managed Hosting Example GmbH, Musterstraße 1, 10115 Berlin'],
      ['Managed Hosting Example GmbH, Musterstraße 1, 10115 Berlin'],
    );
    expectBoth('controller', ['Datenschutzbeauftragten', 'datenschutz@example.com'], ['data protection officer', 'datenschutz@example.com']);
    for (const letter of ['a', 'b', 'c', 'f']) {
      expectBoth('legal-bases', [`Art. 6 Abs. 1 lit. ${letter} DSGVO`], [`Art. 6(1)(${letter}) GDPR`]);
    }
    for (const article of ['15', '16', '17', '18', '20', '21', '22']) {
      expectBoth('rights', [`Art. ${article} DSGVO`], [`Art. ${article} GDPR`]);
    }
    expectBoth('objection', ['Direktwerbung', 'jederzeit ohne Angabe von Gründen widersprechen'], ['direct marketing', 'at any time without giving reasons']);
    expectBoth('complaint', ['Aufsichtsbehörde', 'Art. 77 DSGVO'], ['supervisory authority', 'Art. 77 GDPR']);
    expectBoth('recipients', ['Art. 28 DSGVO'], ['Art. 28 GDPR']);
    expectBoth('third-countries', ['Art. 45 DSGVO'], ['Art. 45 GDPR']);
    expectBoth('third-countries', ['Standardvertragsklauseln', 'Art. 46 Abs. 2 lit. c DSGVO'], ['standard contractual clauses', 'Art. 46(2)(c) GDPR']);
  });

  it('R1.005 says that error reporting, session replay and web analytics run only in production and only with consent', () => {
    expectBoth(
      'web-app',
      ['Fehlerberichte', 'Session Replay', 'Webanalyse', 'ausschließlich in der Produktivumgebung', 'eingewilligt'],
      ['Error reporting', 'session replay', 'web analytics', 'only in the production environment', 'consent'],
    );
  });

  it('R9.034 server logs are kept at most 30 days', () => {
    expectBoth('hosting', ['Server-Logfiles', 'höchstens 30 Tage'], ['Server log files', 'at most 30 days']);
    expectBoth('retention', ['Server-Logfiles', 'höchstens 30 Tage'], ['server log files', 'at most 30 days']);
  });

  it('R9.035 consent storage and cookies are kept up to 2 years', () => {
    expectBoth('cookies', ['Einwilligungsdaten', 'Cookie', 'bis zu 2 Jahre'], ['consent records', 'cookie', 'up to 2 years']);
    expectBoth('retention', ['Einwilligungsdaten', 'Cookies', 'bis zu 2 Jahre'], ['consent records', 'cookies', 'up to 2 years']);
  });

  it('R9.036 analytics cookies last up to 13 months and session-replay cookies up to 365 days', () => {
    expectBoth('analytics', ['Analyse-Cookies', 'bis zu 13 Monaten'], ['Analytics cookies', 'up to 13 months']);
    expectBoth('analytics', ['Session-Replay-Cookies', 'bis zu 365 Tagen'], ['Session-replay cookies', 'up to 365 days']);
    expectBoth('retention', ['Analyse-Cookies: bis zu 13 Monate', 'Session-Replay-Cookies: bis zu 365 Tage'], ['analytics cookies: up to 13 months', 'session-replay cookies: up to 365 days']);
  });

  it('R9.037 unsubscribed newsletter addresses are kept up to 3 years', () => {
    expectBoth('newsletter', ['Abmeldung', 'E-Mail-Adresse', 'bis zu 3 Jahre'], ['unsubscribe', 'email address', 'up to 3 years']);
    expectBoth('retention', ['Newsletter', 'bis zu 3 Jahre'], ['newsletter', 'up to 3 years']);
  });

  it('R9.038 advertising revocation data is kept up to 3 years after the end of the year of revocation', () => {
    expectBoth(
      'marketing',
      ['Widerruf', 'bis zu 3 Jahre nach Ablauf des Jahres des Widerrufs'],
      ['revocation', 'up to 3 years after the end of the year of revocation'],
    );
    expectBoth('retention', ['Widerruf von Werbung', 'bis zu 3 Jahre nach Ablauf des Jahres des Widerrufs'], ['advertising revocation data', 'up to 3 years after the end of the year of revocation']);
  });

  it('R9.039 customer and contract data is generally deleted after 4 years', () => {
    expectBoth('retention', ['Kunden- und Vertragsdaten', 'Löschung grundsätzlich nach 4 Jahren'], ['customer and contract data', 'generally deleted after 4 years']);
  });

  it('R9.040 R9.041 German statutory retention: 10 years for books and annual accounts', () => {
    expectBoth('statutory-retention', ['deutschem Recht', '§ 257 HGB', '§ 147 AO'], ['German law', 'Section 257', 'Section 147']);
    expectBoth('statutory-retention', ['10 Jahre', 'Handelsbücher', 'Jahresabschlüsse'], ['10 years', 'books', 'annual accounts']);
  });

  it('R9.040 R9.042 German statutory retention: 8 years for booking vouchers', () => {
    expectBoth('statutory-retention', ['8 Jahre', 'Buchungsbelege'], ['8 years', 'booking vouchers']);
  });

  it('R9.040 R9.043 German statutory retention: 6 years for other business documents', () => {
    expectBoth('statutory-retention', ['6 Jahre', 'sonstige Geschäftsunterlagen'], ['6 years', 'other business documents']);
  });

  it('R9.040 R9.044 German statutory retention: 3 years for warranty and damages claims', () => {
    expectBoth('statutory-retention', ['3 Jahre', 'Gewährleistungs- und Schadensersatzansprüche'], ['3 years', 'warranty and damages claims']);
  });

  it('R9.045 Swiss retention: 10 years for accounting or 5 years for certain claims', () => {
    expectBoth(
      'statutory-retention',
      ['Schweizer Recht', '10 Jahre für die Buchführung', '5 Jahre für bestimmte Forderungen'],
      ['Swiss law', '10 years for accounting', '5 years for certain claims'],
    );
  });

  it('R9.046 analytics IP addresses are masked by shortening', () => {
    expectBoth('analytics', ['IP-Adressen', 'durch Kürzung maskiert'], ['IP addresses', 'masked by shortening']);
  });

  it('R9.047 the policy is dated August 2025', () => {
    expect(policies.de.updated).toBe('Stand: August 2025');
    expect(policies.en.updated).toBe('Last updated: August 2025');
    expectBoth('changes', ['Stand August 2025'], ['August 2025']);
  });
});
