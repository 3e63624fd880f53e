import type { EntityManager } from '@mikro-orm/core';
import { User, Cluster, Customer } from '../tenancy/index.ts';
import { CustomerDocument, DpaConclusion, type DocumentKind } from './CustomerDocument.ts';
import { dpaVersions, renderDpaPdf, renderTomsPdf, storeDpaDocument } from './dpa.ts';
import { storageKeyFor, type DocumentStorage } from './documentStorage.ts';
import { clusterContractDocument } from './contractDocument.ts';
import { renderTextPdf } from './textPdf.ts';

const footer = 'Managed Hosting GmbH · Beispielstraße 1 · 10115 Berlin';

async function add(
  em: EntityManager,
  storage: DocumentStorage,
  doc: { customer: Customer | null; clusterId?: number; kind: DocumentKind; title: string; fileName: string; createdAt: Date; sections: { heading: string; paragraphs: string[] }[]; meta?: string[]; language?: 'de' | 'en' },
): Promise<void> {
  const pdf = await renderTextPdf({ title: doc.title, meta: doc.meta ?? [], sections: doc.sections, language: doc.language ?? 'de', createdAt: doc.createdAt, footer });
  const storageKey = storageKeyFor(doc.customer ? `customers/${doc.customer.number}` : 'general', doc.fileName, doc.createdAt);
  await storage.put(storageKey, pdf);
  em.create(CustomerDocument, {
    customer: doc.customer,
    clusterId: doc.clusterId ?? null,
    kind: doc.kind,
    title: doc.title,
    fileName: doc.fileName,
    contentType: 'application/pdf',
    size: pdf.byteLength,
    storageKey,
    createdAt: doc.createdAt,
  } as unknown as CustomerDocument);
}

/**
 * Demo documents and DPA conclusions (called by the demo seed; real small PDFs written to the storage):
 * general documents (terms, price list, service description, TOMs); per cluster of 10001 and 10002 the
 * contract and order confirmation; 10001 concluded the current DPA, 10002 only an outdated version
 * (renewal needed), 10003 none.
 */
export async function seedDocumentsDemo(em: EntityManager, storage: DocumentStorage): Promise<void> {
  const at = (d: string) => new Date(`${d}T09:00:00Z`);
  await add(em, storage, {
    customer: null,
    kind: 'terms',
    title: 'Allgemeine Geschäftsbedingungen',
    fileName: 'AGB-2026.pdf',
    createdAt: at('2026-01-01'),
    sections: [
      { heading: '§ 1 Geltungsbereich', paragraphs: ['Diese Bedingungen gelten für alle Verträge über Managed-Hosting-Leistungen.'] },
      { heading: '§ 2 Laufzeit und Kündigung', paragraphs: ['Verträge laufen auf unbestimmte Zeit und können mit einer Frist von einem Monat zum Ende der Mindestlaufzeit gekündigt werden.'] },
    ],
  });
  await add(em, storage, {
    customer: null,
    kind: 'price_list',
    title: 'Preisliste Managed Hosting',
    fileName: 'Preisliste-2026.pdf',
    createdAt: at('2026-02-01'),
    sections: [{ heading: 'Cluster', paragraphs: ['Web Cluster ab 149,00 € monatlich, Extended Web Cluster ab 349,00 €, Cloud Web Cluster ab 899,00 € (zzgl. MwSt.).'] }],
  });
  await add(em, storage, {
    customer: null,
    kind: 'service_description',
    title: 'Leistungsbeschreibung Service Level',
    fileName: 'Leistungsbeschreibung-SLA.pdf',
    createdAt: at('2025-09-15'),
    sections: [{ heading: 'Service Level', paragraphs: ['Basic: Reaktion am nächsten Werktag. Business: 4 Stunden werktags. Enterprise: 30 Minuten rund um die Uhr.'] }],
  });
  const toms = await renderTomsPdf('de');
  await storage.put('general/toms-de.pdf', toms);
  em.create(CustomerDocument, { customer: null, clusterId: null, kind: 'toms', title: 'Technische und organisatorische Maßnahmen (TOM)', fileName: 'TOM.pdf', contentType: 'application/pdf', size: toms.byteLength, storageKey: 'general/toms-de.pdf', createdAt: new Date(`${dpaVersions[dpaVersions.length - 1]!.publishedOn}T00:00:00Z`) } as unknown as CustomerDocument);

  const customers = await em.find(Customer, { number: { $in: [10001, 10002] } }, { orderBy: { number: 'asc' } });
  for (const customer of customers) {
    const clusters = await em.find(Cluster, { customer: customer.id }, { orderBy: { number: 'asc' } });
    for (const cluster of clusters) {
      const start = cluster.contractStart;
      // The contract in the customer's language, with labels for every value (issue 31: no raw enum values).
      const language = customer.language === 'en' ? 'en' : 'de';
      await add(em, storage, {
        customer,
        clusterId: cluster.id,
        kind: 'contract',
        fileName: `${language === 'en' ? 'Contract' : 'Vertrag'}-${cluster.number}.pdf`,
        createdAt: start,
        language,
        ...clusterContractDocument(customer, cluster, language),
      });
      await add(em, storage, {
        customer,
        clusterId: cluster.id,
        kind: 'order_confirmation',
        title: `Auftragsbestätigung Cluster ${cluster.number}`,
        fileName: `Auftragsbestätigung-${cluster.number}.pdf`,
        createdAt: new Date(start.getTime() - 7 * 86_400_000),
        meta: [`${customer.company}, Kundennummer ${customer.number}`],
        sections: [{ heading: 'Bestellung', paragraphs: [`Wir bestätigen Ihre Bestellung des Clusters „${cluster.name}“.`] }],
      });
    }
  }
  const [c1, c2] = customers;
  const conclude = async (customer: Customer, version: string, email: string, day: string) => {
    const user = await em.findOne(User, { email });
    const name = user ? `${user.firstname} ${user.surname}` : email;
    const concludedAt = at(day);
    const pdf = await renderDpaPdf(customer, version, name, concludedAt, customer.language === 'en' ? 'en' : 'de');
    const document = await storeDpaDocument(em, storage, customer, version, pdf, concludedAt);
    em.create(DpaConclusion, { customer, version, concludedBy: user, concludedByName: name, concludedAt, document } as unknown as DpaConclusion);
  };
  const managerOf = async (c: Customer) => (await em.findOne(User, { id: (c.contactPerson as { id: number } | null)?.id ?? 0 }))?.email ?? '';
  if (c1) {
    await conclude(c1, dpaVersions[0].version, await managerOf(c1), '2024-06-03');
    await conclude(c1, dpaVersions[dpaVersions.length - 1]!.version, await managerOf(c1), '2026-10-12');
  }
  if (c2) await conclude(c2, dpaVersions[0].version, await managerOf(c2), '2024-07-18');
}
