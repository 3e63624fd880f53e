/**
 * The portal's e-mails as small typed templates, each in German and English. A template gets only
 * what it shows; codes and links are never logged (the mailer logs subjects only).
 */
export type MailLanguage = 'de' | 'en';

export type MailTemplate =
  /** A code that confirms the current (unverified) address. */
  | { kind: 'emailVerificationCode'; code: string; validMinutes: number }
  /** A code, sent to the new address, that confirms an e-mail change. */
  | { kind: 'emailChangeCode'; code: string; newEmail: string; validMinutes: number }
  /** A single-use link that sets a new password. */
  | { kind: 'passwordReset'; link: string; validMinutes: number }
  | { kind: 'twoFactorEnabled' }
  | { kind: 'twoFactorDisabled' }
  /** Sent after a sign-in, so the user notices one that was not theirs. */
  | { kind: 'newLogin'; at: Date; ip?: string; userAgent?: string }
  /** Sent when sign-in to the account is paused after many failed attempts from several addresses. */
  | { kind: 'accountLocked'; minutes: number; forgotLink: string }
  /** A cluster termination was created, changed, aborted or confirmed (billing); sent to the customer's managers. */
  | { kind: 'clusterTermination'; event: 'created' | 'updated' | 'aborted' | 'confirmed'; contractNumber: string; contractName: string; endOfTerm: string; shutdownOn: string; deletionOn: string }
  /** An invitation to manage a customer or to administrate a cluster (customers area); the link leads to accepting or registering. */
  | { kind: 'invitation'; role: 'manager' | 'administrator'; target: string; invitedBy: string; link: string; validDays: number }
  /** The data processing agreement was concluded (customers area); sent to every manager of the customer with the contract as PDF attached. */
  | { kind: 'dpaConcluded'; customer: string; version: string; concludedBy: string; concludedAt: Date }
  /** A cluster now requires two-factor authentication (customers area); sent to its users who have none yet. */
  | { kind: 'clusterTwoFactorRequired'; cluster: string; enabledBy: string; securityLink: string }
  /** A notice of the notification centre, for subscribers of technical notifications (texts already in the recipient's language). */
  | { kind: 'notification'; title: string; message: string; link?: string }
  /** A domain termination was received, took effect (with the transfer code) or a new transfer code was issued (billing); sent to the customer's managers. */
  | { kind: 'domainTermination'; event: 'created' | 'effective' | 'authCodeRenewed'; contractNumber: string; domain: string; terminationOn: string; authCode: string | null; validUntil: string | null }
  /** An order was received (ordering); sent to the user who ordered and the customer's managers. Amounts are gross euro as decimals. */
  | { kind: 'orderConfirmation'; orderNumber: string; orderType: 'cluster' | 'domain' | 'certificate'; orderedAt: Date; customer: string; monthlyGross: string; oneTimeGross: string }
  /** The preparation of an order failed (ordering). */
  | { kind: 'orderPreparationFailed'; orderNumber: string; orderType: 'cluster' | 'domain' | 'certificate' }
  /** Demo mode: a visitor asks for a real account (issue 13); sent to DEMO_CONTACT_EMAIL. */
  | { kind: 'demoContact'; contactPerson: string; company: string; email: string; phone: string; message: string };

export type MailKind = MailTemplate['kind'];

export interface Recipient {
  email: string;
  language: MailLanguage;
  firstname?: string;
  surname?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** One paragraph of a mail; `strong` parts are emphasised in HTML (codes, links). */
type Part = string | { strong: string } | { link: string };
type Paragraph = Part[];

interface Content {
  subject: string;
  paragraphs: Paragraph[];
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const formatDate = (d: Date, language: MailLanguage): string =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(d);

/** A calendar day (`YYYY-MM-DD`) as the recipient reads it. */
const formatDay = (day: string, language: MailLanguage): string =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

const greeting = (r: Recipient): string => {
  const name = [r.firstname, r.surname].filter(Boolean).join(' ');
  if (r.language === 'de') return name ? `Guten Tag ${name},` : 'Guten Tag,';
  return name ? `Hello ${name},` : 'Hello,';
};

const signature: Record<MailLanguage, string> = {
  de: 'Ihr Kundenportal-Team',
  en: 'Your customer portal team',
};

const notYou: Record<MailLanguage, string> = {
  de: 'Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an unseren Support.',
  en: 'If this was not you, please change your password at once and contact our support.',
};

function content(t: MailTemplate, language: MailLanguage): Content {
  const de = language === 'de';
  switch (t.kind) {
    case 'emailVerificationCode':
      return de
        ? {
            subject: 'Ihr Bestätigungscode für das Kundenportal',
            paragraphs: [
              ['Bitte bestätigen Sie Ihre E-Mail-Adresse mit diesem Code:'],
              [{ strong: t.code }],
              [`Der Code ist ${t.validMinutes} Minuten gültig.`],
            ],
          }
        : {
            subject: 'Your confirmation code for the customer portal',
            paragraphs: [
              ['Please confirm your e-mail address with this code:'],
              [{ strong: t.code }],
              [`The code is valid for ${t.validMinutes} minutes.`],
            ],
          };
    case 'emailChangeCode':
      return de
        ? {
            subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
            paragraphs: [
              ['Sie möchten die E-Mail-Adresse Ihres Kundenportal-Zugangs in ', { strong: t.newEmail }, ' ändern. Bitte bestätigen Sie die Änderung mit diesem Code:'],
              [{ strong: t.code }],
              [`Der Code ist ${t.validMinutes} Minuten gültig. Bis dahin bleibt Ihre bisherige Adresse aktiv.`],
            ],
          }
        : {
            subject: 'Confirm your new e-mail address',
            paragraphs: [
              ['You asked to change the e-mail address of your customer portal account to ', { strong: t.newEmail }, '. Please confirm the change with this code:'],
              [{ strong: t.code }],
              [`The code is valid for ${t.validMinutes} minutes. Until then your previous address stays active.`],
            ],
          };
    case 'passwordReset':
      return de
        ? {
            subject: 'Passwort zurücksetzen',
            paragraphs: [
              ['Sie haben angefordert, das Passwort Ihres Kundenportal-Zugangs zurückzusetzen. Über diesen Link vergeben Sie ein neues Passwort:'],
              [{ link: t.link }],
              [`Der Link ist ${t.validMinutes} Minuten gültig und kann nur einmal verwendet werden. Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.`],
            ],
          }
        : {
            subject: 'Reset your password',
            paragraphs: [
              ['You asked to reset the password of your customer portal account. Set a new password with this link:'],
              [{ link: t.link }],
              [`The link is valid for ${t.validMinutes} minutes and works only once. If you did not ask for this, you can ignore this e-mail.`],
            ],
          };
    case 'twoFactorEnabled':
      return de
        ? { subject: 'Zwei-Faktor-Authentifizierung aktiviert', paragraphs: [['Für Ihren Kundenportal-Zugang wurde die Zwei-Faktor-Authentifizierung aktiviert.'], [notYou.de]] }
        : { subject: 'Two-factor authentication enabled', paragraphs: [['Two-factor authentication was enabled for your customer portal account.'], [notYou.en]] };
    case 'twoFactorDisabled':
      return de
        ? { subject: 'Zwei-Faktor-Authentifizierung deaktiviert', paragraphs: [['Für Ihren Kundenportal-Zugang wurde die Zwei-Faktor-Authentifizierung deaktiviert.'], [notYou.de]] }
        : { subject: 'Two-factor authentication disabled', paragraphs: [['Two-factor authentication was disabled for your customer portal account.'], [notYou.en]] };
    case 'accountLocked':
      return de
        ? {
            subject: 'Anmeldung in Ihren Zugang vorübergehend gesperrt',
            paragraphs: [
              ['Es gab sehr viele fehlgeschlagene Anmeldeversuche mit Ihrer E-Mail-Adresse, auch von verschiedenen Adressen aus. Zum Schutz Ihres Zugangs ist die Anmeldung für ', { strong: `${t.minutes} Minuten` }, ' gesperrt.'],
              ['Waren Sie das nicht, versucht vermutlich jemand, Ihr Passwort zu erraten. Ihr Passwort wurde dabei nicht verraten. Wählen Sie zur Sicherheit ein neues, starkes Passwort und aktivieren Sie die Zwei-Faktor-Authentifizierung:'],
              [{ link: t.forgotLink }],
            ],
          }
        : {
            subject: 'Sign-in to your account temporarily locked',
            paragraphs: [
              ['There were very many failed sign-in attempts with your e-mail address, also from different addresses. To protect your account, sign-in is locked for ', { strong: `${t.minutes} minutes` }, '.'],
              ['If this was not you, someone is probably trying to guess your password. Your password was not revealed. To be safe, choose a new, strong password and turn on two-factor authentication:'],
              [{ link: t.forgotLink }],
            ],
          };
    case 'invitation': {
      const what = de
        ? t.role === 'manager' ? `den Kunden ${t.target} zu verwalten` : `den Cluster ${t.target} zu administrieren`
        : t.role === 'manager' ? `to manage the customer ${t.target}` : `to administrate the cluster ${t.target}`;
      return de
        ? {
            subject: t.role === 'manager' ? 'Einladung als Manager im Kundenportal' : 'Einladung als Administrator im Kundenportal',
            paragraphs: [[`${t.invitedBy} lädt Sie ein, im Kundenportal ${what}. Über diesen Link nehmen Sie die Einladung an:`], [{ link: t.link }], [`Der Link ist ${t.validDays} Tage gültig.`]],
          }
        : {
            subject: t.role === 'manager' ? 'Invitation as a manager in the customer portal' : 'Invitation as an administrator in the customer portal',
            paragraphs: [[`${t.invitedBy} invites you ${what} in the customer portal. Accept the invitation with this link:`], [{ link: t.link }], [`The link is valid for ${t.validDays} days.`]],
          };
    }
    case 'newLogin': {
      const details = [formatDate(t.at, language), t.ip, t.userAgent].filter(Boolean).join(' · ');
      return de
        ? { subject: 'Neue Anmeldung im Kundenportal', paragraphs: [['Es gab eine neue Anmeldung mit Ihrem Zugang:'], [details], [notYou.de]] }
        : { subject: 'New sign-in to the customer portal', paragraphs: [['There was a new sign-in to your account:'], [details], [notYou.en]] };
    }
    case 'dpaConcluded':
      return de
        ? {
            subject: `Vertrag zur Auftragsverarbeitung abgeschlossen: ${t.customer}`,
            paragraphs: [
              [`${t.concludedBy} hat am ${formatDate(t.concludedAt, language)} den Vertrag zur Auftragsverarbeitung in der Version `, { strong: t.version }, ` für ${t.customer} abgeschlossen.`],
              ['Den Vertrag finden Sie als PDF im Anhang und jederzeit unter den Dokumenten des Kunden im Kundenportal.'],
            ],
          }
        : {
            subject: `Data processing agreement concluded: ${t.customer}`,
            paragraphs: [
              [`${t.concludedBy} concluded the data processing agreement, version `, { strong: t.version }, `, for ${t.customer} on ${formatDate(t.concludedAt, language)}.`],
              ['The agreement is attached as PDF and stays available among the customer\'s documents in the customer portal.'],
            ],
          };
    case 'clusterTwoFactorRequired':
      return de
        ? {
            subject: `Zwei-Faktor-Authentifizierung für den Cluster ${t.cluster} erforderlich`,
            paragraphs: [
              [`${t.enabledBy} hat für den Cluster ${t.cluster} die Zwei-Faktor-Authentifizierung verpflichtend gemacht. Ihr Zugang hat sie noch nicht eingerichtet; bis dahin können Sie das Managed Center dieses Clusters nicht nutzen.`],
              ['Richten Sie die Zwei-Faktor-Authentifizierung hier ein:'],
              [{ link: t.securityLink }],
            ],
          }
        : {
            subject: `Two-factor authentication required for cluster ${t.cluster}`,
            paragraphs: [
              [`${t.enabledBy} made two-factor authentication mandatory for cluster ${t.cluster}. Your account has not set it up yet; until then you cannot use the Managed Center of this cluster.`],
              ['Set up two-factor authentication here:'],
              [{ link: t.securityLink }],
            ],
          };
    case 'notification':
      return {
        subject: t.title,
        paragraphs: [[t.message], ...(t.link ? [[de ? 'Mehr dazu im Kundenportal: ' : 'More in the customer portal: ', { link: t.link }]] : []), [de ? 'Sie erhalten diese E-Mail, weil Sie technische Benachrichtigungen abonniert haben; abbestellen können Sie sie in Ihrem Profil.' : 'You receive this e-mail because you subscribed to technical notifications; you can unsubscribe in your profile.']],
      };
    case 'clusterTermination': {
      const day = (d: string) => formatDay(d, language);
      const what = `${t.contractName} (${t.contractNumber})`;
      const dates = de
        ? [`Vertragsende: ${day(t.endOfTerm)}`, `Abschaltung: ${day(t.shutdownOn)}`, `Löschung der Daten: ${day(t.deletionOn)}`]
        : [`End of term: ${day(t.endOfTerm)}`, `Shutdown: ${day(t.shutdownOn)}`, `Deletion of the data: ${day(t.deletionOn)}`];
      const subjects = {
        created: de ? `Kündigung des Clusters ${what} eingegangen` : `Termination of cluster ${what} received`,
        updated: de ? `Kündigung des Clusters ${what} geändert` : `Termination of cluster ${what} changed`,
        aborted: de ? `Kündigung des Clusters ${what} zurückgenommen` : `Termination of cluster ${what} withdrawn`,
        confirmed: de ? `Kündigung des Clusters ${what} bestätigt` : `Termination of cluster ${what} confirmed`,
      };
      return { subject: subjects[t.event], paragraphs: [[subjects[t.event] + '.'], ...(t.event === 'aborted' ? [] : dates.map((d) => [d]))] };
    }
    case 'domainTermination': {
      const what = `${t.domain} (${t.contractNumber})`;
      const subjects = {
        created: de ? `Kündigung der Domain ${what} eingegangen` : `Termination of domain ${what} received`,
        effective: de ? `Kündigung der Domain ${what} wirksam: Ihr Auth-Code` : `Termination of domain ${what} effective: your auth code`,
        authCodeRenewed: de ? `Neuer Auth-Code für die Domain ${what}` : `New auth code for domain ${what}`,
      };
      const paragraphs: Paragraph[] = [
        [de ? `Die Kündigung wird zum Ende der Registrierungsperiode wirksam: ${formatDay(t.terminationOn, language)}.` : `The termination takes effect at the end of the registration period: ${formatDay(t.terminationOn, language)}.`],
      ];
      if (t.authCode) {
        paragraphs.push([de ? 'Auth-Code für den Transfer: ' : 'Auth code for the transfer: ', { strong: t.authCode }]);
        if (t.validUntil) paragraphs.push([de ? `Gültig bis: ${formatDate(new Date(t.validUntil), language)}` : `Valid until: ${formatDate(new Date(t.validUntil), language)}`]);
      }
      return { subject: subjects[t.event], paragraphs };
    }
    case 'orderConfirmation': {
      const what = de ? { cluster: 'Cluster', domain: 'Domain', certificate: 'SSL-Zertifikat' }[t.orderType] : { cluster: 'cluster', domain: 'domain', certificate: 'SSL certificate' }[t.orderType];
      const eur = (v: string) => (de ? `${v.replace('.', ',')} €` : `€${v}`);
      return de
        ? {
            subject: `Ihre Bestellung ${t.orderNumber} ist eingegangen`,
            paragraphs: [
              [`vielen Dank für Ihre Bestellung (${what}) vom ${formatDate(t.orderedAt, language)} für ${t.customer}.`],
              ['Bestellnummer: ', { strong: t.orderNumber }],
              [`Monatlich: ${eur(t.monthlyGross)} inkl. 19 % MwSt., einmalig: ${eur(t.oneTimeGross)} inkl. 19 % MwSt.`],
              ['Den Stand der Bereitstellung sehen Sie im Kundenportal unter Bestellungen.'],
            ],
          }
        : {
            subject: `Your order ${t.orderNumber} was received`,
            paragraphs: [
              [`Thank you for your order (${what}) of ${formatDate(t.orderedAt, language)} for ${t.customer}.`],
              ['Order number: ', { strong: t.orderNumber }],
              [`Monthly: ${eur(t.monthlyGross)} incl. 19% VAT, one-time: ${eur(t.oneTimeGross)} incl. 19% VAT.`],
              ['You can follow the preparation in the customer portal under Orders.'],
            ],
          };
    }
    case 'orderPreparationFailed':
      return de
        ? {
            subject: `Die Bereitstellung Ihrer Bestellung ${t.orderNumber} ist fehlgeschlagen`,
            paragraphs: [[`Die Bereitstellung Ihrer Bestellung ${t.orderNumber} ist fehlgeschlagen. Bitte versuchen Sie es erneut oder wenden Sie sich an unseren Support.`]],
          }
        : {
            subject: `The preparation of your order ${t.orderNumber} failed`,
            paragraphs: [[`The preparation of your order ${t.orderNumber} failed. Please try again or contact our support.`]],
          };
    case 'demoContact': {
      const fields: Paragraph[] = [
        [de ? 'Ansprechpartner: ' : 'Contact person: ', { strong: t.contactPerson }],
        [de ? 'Firma: ' : 'Company: ', t.company],
        [de ? 'E-Mail: ' : 'E-mail: ', t.email],
        [de ? 'Telefon: ' : 'Phone: ', t.phone],
        [t.message],
      ];
      return de
        ? { subject: `Demo-Anfrage von ${t.company}`, paragraphs: [['Über das Kontaktformular der Demo wünscht sich jemand einen Zugang zum Kundenportal.'], ...fields] }
        : { subject: `Demo enquiry from ${t.company}`, paragraphs: [['Someone asked for an account through the contact form of the demo.'], ...fields] };
    }
  }
}

const partText = (p: Part): string => (typeof p === 'string' ? p : 'strong' in p ? p.strong : p.link);
const partHtml = (p: Part): string =>
  typeof p === 'string'
    ? escapeHtml(p)
    : 'strong' in p
      ? `<strong>${escapeHtml(p.strong)}</strong>`
      : `<a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a>`;

/** Subject, plain text and simple HTML of a template in the recipient's language. */
export function renderMail(template: MailTemplate, recipient: Recipient): RenderedMail {
  const language: MailLanguage = recipient.language === 'en' ? 'en' : 'de';
  const c = content(template, language);
  const paragraphs: Paragraph[] = [[greeting({ ...recipient, language })], ...c.paragraphs, [signature[language]]];
  const text = paragraphs.map((p) => p.map(partText).join('')).join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(c.subject)}</title></head>` +
    `<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">` +
    paragraphs.map((p) => `<p>${p.map(partHtml).join('')}</p>`).join('') +
    `</body></html>`;
  return { subject: c.subject, text, html };
}
