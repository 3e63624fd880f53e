import path from 'node:path';
import type { EntityManager } from '@mikro-orm/core';
import { User } from '../accounts/index.ts';
import { Cluster, ClusterAdministrator, Server } from '../clusters/index.ts';
import { Customer, CustomerManager } from '../customers/index.ts';
import { hashPassword } from '../platform/index.ts';
import { seedDemoInvitations } from './invitationsDemo.ts';
import { seedDemoStaff } from './impersonationsDemo.ts';
import { seedDemoBilling, seedDemoInvoices } from '../billing/index.ts';
import { seedCustomersDemo } from '../customers/index.ts';
import { documentStorage, seedDocumentsDemo } from '../customers/index.ts';
import { seedDemoPartners } from '../partner/index.ts';
import { seedDemoOrders } from '../ordering/index.ts';

/** A company word as a mail-domain label: German umlauts and ß transliterated (Müller → mueller), anything else dropped. */
const mailLabel = (word: string): string =>
  word
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z]/g, '');

export const demoPassword = 'Demo-Portal-2026';

/** The demo logins the README lists; all use {@link demoPassword}. */
export const demoLogins = {
  manager: 'manager@demo.example',
  admin: 'admin@demo.example',
  partner: 'partner@demo.example',
  other: 'other@demo.example',
} as const;

/** German VAT IDs with a valid checksum (the customer data form checks them, §5). */
const demoVatIds: Record<number, string> = { 10001: 'DE079197918', 10002: 'DE079205835', 10003: 'DE079213755', 10004: 'DE079221675' };

type ServerSpec = [name: string, role: Server['role'], ipv4: string, services: string[]];

/**
 * What every server runs besides its role's services: the operations modules of the Managed Center
 * (backups, package updates, cluster control, firewall), so a module for any of them finds a demo server.
 */
const everyServer = ['backups', 'package-updates', 'cluster-control', 'firewall'];
/**
 * The services of each role. Every module's service (spec §2, issues 25–27) runs on a demo server of every
 * cluster, so a module scaffolded for it (`npm run plugin:new <id> -- --service <name>`) shows at once and its
 * tests find a server: web (apache, supervisor, nodejs, tomcat, profiler, shop checks, mail, ftp), database
 * (mysql, redis, memcached, rabbitmq, search engines), load balancer (nginx, varnish, dns, protection).
 */
const webServices = [
  ...['nginx', 'php-fpm', 'cronjobs', 'ssh', 'monitoring'],
  ...['apache', 'supervisor', 'nodejs', 'tomcat', 'profiler', 'shop-security', 'shop-performance', 'email', 'postfix', 'ftp', 'protection'],
  ...everyServer,
];
const dbServices = [
  ...['mysql', 'redis', 'cronjobs', 'ssh', 'monitoring'],
  ...['memcached', 'rabbitmq', 'elasticsearch', 'open-search', 'solr', 'sphinx'],
  ...everyServer,
];
const lbServices = [...['nginx', 'varnish', 'dns', 'ssh', 'monitoring'], 'protection', ...everyServer];

const servers = (prefix: string, net: string, web = 2): ServerSpec[] => [
  [`lb01.${prefix}.managed-hosting.example`, 'loadbalancer', `${net}.10`, lbServices],
  ...Array.from({ length: web }, (_, i): ServerSpec => [`web0${i + 1}.${prefix}.managed-hosting.example`, 'web', `${net}.${21 + i}`, webServices]),
  [`db01.${prefix}.managed-hosting.example`, 'database', `${net}.30`, dbServices],
];

/** Whether the demo dataset is present. */
export async function hasDemoData(em: EntityManager): Promise<boolean> {
  return (await em.count(User, { email: demoLogins.manager })) > 0;
}

/**
 * Seeds the demo dataset: four customers with German addresses, their clusters and servers, and the
 * demo logins with their roles. Runs in one transaction; does nothing when the data is present.
 */
export async function seedDemo(em: EntityManager, options: { dataDir?: string } = {}): Promise<boolean> {
  if (await hasDemoData(em)) return false;
  const passwordHash = await hashPassword(demoPassword);
  await em.transactional(async (tx) => {
    const user = (email: string, firstname: string, surname: string, extra: Partial<User> = {}) =>
      tx.create(User, {
        email,
        passwordHash,
        firstname,
        surname,
        gender: 'male',
        emailVerified: true,
        country: 'de',
        language: 'de',
        ...extra,
      } as User);

    const manager = user(demoLogins.manager, 'Anna', 'Berger', {
      gender: 'female',
      company: 'Müller & Schmidt Online GmbH',
      telephone: '+49 30 2345678-10',
      street: 'Friedrichstraße 123',
      postcode: '10117',
      city: 'Berlin',
    });
    const admin = user(demoLogins.admin, 'Jonas', 'Weber', { company: 'Weber Webentwicklung', city: 'Potsdam', postcode: '14467' });
    const partner = user(demoLogins.partner, 'Katrin', 'Hoffmann', {
      gender: 'female',
      isPartner: true,
      company: 'Nordlicht Medien GmbH & Co. KG',
      city: 'Hamburg',
      postcode: '20457',
    });
    const other = user(demoLogins.other, 'Lukas', 'Fischer', { company: 'Bäckerei Sonnenschein e.K.', city: 'München', postcode: '80331' });
    const colleague = user('tobias.schmidt@mueller-schmidt.example', 'Tobias', 'Schmidt', { language: 'en' });

    const customer = (
      number: number,
      company: string,
      street: string,
      zip: string,
      city: string,
      contactPerson: User,
      extra: Partial<Customer> = {},
    ) =>
      tx.create(Customer, {
        number,
        company,
        street,
        zip,
        city,
        country: 'de',
        phone: '+49 30 2345678-0',
        language: 'de',
        vatId: demoVatIds[number] ?? null,
        enteredAt: new Date('2021-03-01T00:00:00Z'),
        invoiceEmails: `rechnung@${mailLabel(company.split(' ')[0])}.example`,
        contactPerson,
        paymentMethod: 'transfer',
        dpaStatus: 'concluded',
        ...extra,
      } as Customer);

    const c1 = customer(10001, 'Müller & Schmidt Online GmbH', 'Friedrichstraße 123', '10117', 'Berlin', manager, {
      paymentMethod: 'debit',
      accountHolder: 'Müller & Schmidt Online GmbH',
      iban: 'DE02120300000000202051',
      bic: 'BYLADEM1001',
      // Registered for the beta phase (§8): sees beta Managed Center modules; 10003 is not.
      betaRegistered: true,
    });
    const c2 = customer(10002, 'Nordlicht Medien GmbH & Co. KG', 'Große Elbstraße 145', '22767', 'Hamburg', partner);
    const c3 = customer(10003, 'Bäckerei Sonnenschein e.K.', 'Sendlinger Straße 7', '80331', 'München', other, { dpaStatus: 'not_concluded' });

    tx.create(CustomerManager, { customer: c1, user: manager, active: true } as CustomerManager);
    tx.create(CustomerManager, { customer: c1, user: colleague, active: true } as CustomerManager);
    tx.create(CustomerManager, { customer: c2, user: partner, active: true } as CustomerManager);
    tx.create(CustomerManager, { customer: c3, user: other, active: true } as CustomerManager);

    const cluster = (
      owner: Customer,
      number: string,
      name: string,
      spec: Pick<Cluster, 'architecture' | 'sla' | 'contractMode' | 'cpu' | 'ramGb' | 'nvmeSsdGb'> & Partial<Cluster>,
      serverSpecs: ServerSpec[],
    ) => {
      const c = tx.create(Cluster, {
        customer: owner,
        number,
        name,
        distribution: 'Debian 12',
        application: 'Shopware 6',
        contractStart: new Date('2023-01-01T00:00:00Z'),
        status: 'active',
        nvmeStorageGb: 100,
        ...spec,
      } as Cluster);
      for (const [name, role, ipv4, services] of serverSpecs) tx.create(Server, { cluster: c, name, role, ipv4, services } as Server);
      return c;
    };

    const shop = cluster(
      c1,
      '20011',
      'Onlineshop Produktion',
      { architecture: 'extended_web_cluster', sla: 'business', contractMode: 'production', cpu: 16, ramGb: 64, nvmeSsdGb: 250, addonTwoFactor: true },
      servers('c20011', '10.11.0', 2),
    );
    cluster(
      c1,
      '20012',
      'Onlineshop Staging',
      { architecture: 'web_cluster', sla: 'dev', contractMode: 'development', cpu: 4, ramGb: 8, nvmeSsdGb: 50 },
      servers('c20012', '10.12.0', 1),
    );
    cluster(
      c2,
      '20021',
      'Mediathek',
      { architecture: 'cloud_web_cluster', sla: 'enterprise', contractMode: 'production', cpu: 48, ramGb: 192, nvmeSsdGb: 500, application: 'WordPress' },
      servers('c20021', '10.21.0', 3),
    );
    cluster(
      c2,
      '20022',
      'Agentur-Kundenprojekte',
      { architecture: 'web_cluster', sla: 'basic', contractMode: 'production', cpu: 2, ramGb: 4, nvmeSsdGb: 25, application: 'TYPO3' },
      servers('c20022', '10.22.0', 1),
    );
    cluster(
      c3,
      '20031',
      'Filialfinder',
      { architecture: 'web_cluster', sla: 'basic', contractMode: 'production', cpu: 2, ramGb: 4, nvmeSsdGb: 25, application: 'Laravel' },
      servers('c20031', '10.31.0', 1),
    );
    cluster(
      c3,
      '20032',
      'Bestellportal',
      { architecture: 'extended_web_cluster', sla: 'business', contractMode: 'production', cpu: 4, ramGb: 16, nvmeSsdGb: 100, application: 'Magento' },
      servers('c20032', '10.32.0', 2),
    );

    tx.create(ClusterAdministrator, { cluster: shop, user: admin } as ClusterAdministrator);
    tx.create(ClusterAdministrator, { cluster: shop, user: manager } as ClusterAdministrator);
    seedCustomersDemo(tx, c1, c2);
    await seedDemoInvitations(tx);
    await seedDemoStaff(tx, passwordHash);

    // Colleagues who show the security screens (two-factor authentication, password, sessions); the
    // end-to-end tests of those screens sign in as them, so no other test's login is disturbed.
    const lena = user('lena.wolf@mueller-schmidt.example', 'Lena', 'Wolf', { gender: 'female' });
    const james = user('james.miller@mueller-schmidt.example', 'James', 'Miller', { language: 'en' });
    const jana = user('jana.richter@mueller-schmidt.example', 'Jana', 'Richter', { gender: 'female' });
    tx.create(CustomerManager, { customer: c1, user: lena, active: true } as CustomerManager);
    tx.create(CustomerManager, { customer: c1, user: james, active: true } as CustomerManager);
    tx.create(CustomerManager, { customer: c1, user: jana, active: true } as CustomerManager);

    // A cluster that requires two-factor authentication, administrated by a user without it (Managed Center refusal).
    const security = user('security@demo.example', 'Sabine', 'Klein', { gender: 'female', company: 'Klein Sicherheitstechnik GmbH', city: 'Leipzig', postcode: '04109' });
    const c4 = customer(10004, 'Klein Sicherheitstechnik GmbH', 'Katharinenstraße 12', '04109', 'Leipzig', security);
    tx.create(CustomerManager, { customer: c4, user: security, active: true } as CustomerManager);
    const guarded = cluster(
      c4,
      '20041',
      'Zutrittskontrolle',
      { architecture: 'web_cluster', sla: 'business', contractMode: 'production', cpu: 4, ramGb: 16, nvmeSsdGb: 100, application: 'Symfony', addonTwoFactor: true, forceTwoFactor: true },
      servers('c20041', '10.41.0', 1),
    );
    tx.create(ClusterAdministrator, { cluster: guarded, user: security } as ClusterAdministrator);
    await tx.flush();
    await seedDemoBilling(tx);
    await seedDemoInvoices(tx);
    // Documents are files: they go to the portal's DATA_DIR (the one the server reads); default as the config's.
    await seedDocumentsDemo(tx, documentStorage(path.resolve(options.dataDir ?? process.env.DATA_DIR ?? './data')));
    await seedDemoPartners(tx, passwordHash);
    await seedDemoOrders(tx, c1, c2, manager.id);
  });
  return true;
}
