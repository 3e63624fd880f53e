import { LockMode, type EntityManager } from '@mikro-orm/core';
import { Conflict, recordAudit, ValidationFailed, type Clock, type Mailer } from '../platform/index.ts';
import { type User, Customer, CustomerManager } from '../tenancy/index.ts';
import { CustomerDocument, DpaConclusion } from './CustomerDocument.ts';
import { storageKeyFor, type DocumentStorage } from './documentStorage.ts';
import { dpaClauses, processor, tomSections } from './dpaTexts.ts';
import { renderTextPdf } from './textPdf.ts';
import { afterCommit } from '../platform/index.ts';

/** The published versions of the data processing agreement, oldest first; the last one is current (§4 DPA). */
export const dpaVersions = [
  { version: '2024-05', publishedOn: '2024-05-01' },
  { version: '2026-10', publishedOn: '2026-10-01' },
] as const;
export const currentDpaVersion = (): string => dpaVersions[dpaVersions.length - 1]!.version;

/** §4 DPA: not concluded; concluded (the current version); or outdated (an older version only: renewed conclusion needed, R4.023). */
export type DpaState = 'not_concluded' | 'concluded' | 'outdated';

/** The state of a customer's DPA from the versions it concluded. */
export function dpaState(concludedVersions: readonly string[], current = currentDpaVersion()): DpaState {
  if (concludedVersions.includes(current)) return 'concluded';
  return concludedVersions.length ? 'outdated' : 'not_concluded';
}

export interface DpaConclusionInput {
  /** The version the user read (the form shows it); a version that is no longer current is refused. */
  version: string;
  /** The confirmed checkbox (§5: the DPA needs the checkbox). */
  accepted: boolean;
}

/** R5.040, R4.021, R4.023: what stands in the way of concluding; field errors (422) or a conflict (409). */
export function dpaConclusionErrors(input: DpaConclusionInput, concludedVersions: readonly string[], current = currentDpaVersion()): { fields?: Record<string, string[]>; conflict?: string } {
  const fields: Record<string, string[]> = {};
  if (input.accepted !== true) fields.accepted = ['errors.dpa_confirmation_required'];
  if (input.version !== current) fields.version = ['errors.dpa_version_outdated'];
  if (Object.keys(fields).length) return { fields };
  if (concludedVersions.includes(current)) return { conflict: 'errors.dpa_already_concluded' };
  return {};
}

export interface DpaOverview {
  state: DpaState;
  currentVersion: (typeof dpaVersions)[number];
  conclusions: DpaConclusion[];
}

export async function dpaOverview(em: EntityManager, customer: Customer): Promise<DpaOverview> {
  const conclusions = await em.find(DpaConclusion, { customer: customer.id }, { orderBy: { concludedAt: 'desc', id: 'desc' }, populate: ['document'] });
  return { state: dpaState(conclusions.map((c) => c.version)), currentVersion: dpaVersions[dpaVersions.length - 1]!, conclusions };
}

const day = (d: Date, language: 'de' | 'en') => new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(d);

/** The concluded agreement as PDF: parties, version, who concluded it when, the clauses. */
export function renderDpaPdf(customer: Customer, version: string, concludedByName: string, concludedAt: Date, language: 'de' | 'en'): Promise<Uint8Array> {
  const de = language === 'de';
  const published = dpaVersions.find((v) => v.version === version)?.publishedOn ?? version;
  return renderTextPdf({
    title: de ? 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO' : 'Data processing agreement under Art. 28 GDPR',
    meta: [
      de ? `Verantwortlicher: ${customer.company}, ${customer.street}, ${customer.zip} ${customer.city} (Kundennummer ${customer.number})` : `Controller: ${customer.company}, ${customer.street}, ${customer.zip} ${customer.city} (customer number ${customer.number})`,
      de ? `Auftragsverarbeiter: ${processor.name}, ${processor.address}` : `Processor: ${processor.name}, ${processor.address}`,
      de ? `Version ${version} vom ${published}` : `Version ${version} of ${published}`,
      de ? `Abgeschlossen von ${concludedByName} am ${day(concludedAt, language)}` : `Concluded by ${concludedByName} on ${day(concludedAt, language)}`,
    ],
    sections: dpaClauses(version, language),
    language,
    createdAt: concludedAt,
    footer: `${processor.name} · ${de ? 'Auftragsverarbeitung' : 'Data processing agreement'} ${version}`,
  });
}

/** The TOMs (annex of the DPA) as PDF, in German or English. */
export function renderTomsPdf(language: 'de' | 'en'): Promise<Uint8Array> {
  const de = language === 'de';
  const current = dpaVersions[dpaVersions.length - 1]!;
  return renderTextPdf({
    title: de ? 'Technische und organisatorische Maßnahmen (TOM)' : 'Technical and organisational measures (TOMs)',
    meta: [de ? `Anlage zum Vertrag zur Auftragsverarbeitung, Version ${current.version}` : `Annex to the data processing agreement, version ${current.version}`, `${processor.name}, ${processor.address}`],
    sections: tomSections(language),
    language,
    createdAt: new Date(`${current.publishedOn}T00:00:00Z`),
    footer: `${processor.name} · TOM ${current.version}`,
  });
}

export const dpaFileName = (customer: Customer, version: string) => `dpa-${customer.number}-${version}.pdf`;

/** Stores a concluded agreement's PDF as a customer document (kind `dpa`). */
export async function storeDpaDocument(em: EntityManager, storage: DocumentStorage, customer: Customer, version: string, pdf: Uint8Array, at: Date): Promise<CustomerDocument> {
  const fileName = dpaFileName(customer, version);
  const storageKey = storageKeyFor(`customers/${customer.number}`, fileName, at);
  await storage.put(storageKey, pdf);
  const title = customer.language === 'en' ? `Data processing agreement, version ${version}` : `Vertrag zur Auftragsverarbeitung, Version ${version}`;
  return em.create(CustomerDocument, { customer, clusterId: null, kind: 'dpa', title, fileName, contentType: 'application/pdf', size: pdf.byteLength, storageKey, createdAt: at } as unknown as CustomerDocument);
}

export interface DpaContext {
  clock: Clock;
  mailer: Mailer;
  storage: DocumentStorage;
  actor: User;
  ip?: string;
}

/**
 * Concludes the current DPA version for a customer (§4 DPA, §5): needs the confirmed checkbox and the
 * current version (else 422), not yet concluded (else 409). Renders the contract, stores it as a
 * document with its version, records who concluded it when, and — after the commit — e-mails it as
 * PDF to every active manager of the customer, in the manager's language (R4.022).
 */
export async function concludeDpa(em: EntityManager, ctx: DpaContext, customer: Customer, input: DpaConclusionInput): Promise<DpaConclusion> {
  // Two managers concluding at once: the second waits for the first and then finds its conclusion (409, not a unique-key error).
  await em.findOneOrFail(Customer, { id: customer.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  const existing = await em.find(DpaConclusion, { customer: customer.id });
  const problems = dpaConclusionErrors(input, existing.map((c) => c.version));
  if (problems.fields) throw ValidationFailed(problems.fields);
  if (problems.conflict) throw Conflict(problems.conflict);
  const now = ctx.clock.now();
  const name = `${ctx.actor.firstname} ${ctx.actor.surname}`.trim();
  const contractLanguage = customer.language === 'en' ? 'en' : 'de';
  const pdf = await renderDpaPdf(customer, input.version, name, now, contractLanguage);
  const document = await storeDpaDocument(em, ctx.storage, customer, input.version, pdf, now);
  const conclusion = em.create(DpaConclusion, { customer, version: input.version, concludedBy: ctx.actor, concludedByName: name, concludedAt: now, document } as unknown as DpaConclusion);
  customer.dpaStatus = 'concluded';
  recordAudit(em, ctx.clock, { action: 'customer.dpa_concluded', actor: ctx.actor, ip: ctx.ip, details: { customerId: customer.id, version: input.version } });
  await em.flush();

  const managers = await em.find(CustomerManager, { customer: customer.id, active: true }, { populate: ['user'] });
  const recipients = managers.map((m) => m.user);
  const version = input.version;
  const customerName = `${customer.company} (${customer.number})`;
  const fileName = dpaFileName(customer, version);
  await afterCommit(async () => {
    const rendered = new Map<'de' | 'en', Uint8Array>([[contractLanguage, pdf]]);
    for (const user of recipients) {
      const language = user.language === 'en' ? 'en' : 'de';
      if (!rendered.has(language)) rendered.set(language, await renderDpaPdf(customer, version, name, now, language));
      await ctx.mailer.send(
        { email: user.email, language, firstname: user.firstname, surname: user.surname },
        { kind: 'dpaConcluded', customer: customerName, version, concludedBy: name, concludedAt: now },
        { attachments: [{ filename: fileName, content: rendered.get(language)!, contentType: 'application/pdf' }] },
      );
    }
  });
  return conclusion;
}
