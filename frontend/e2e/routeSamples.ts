import { expect, type BrowserContext, type Page } from '@playwright/test';
import { csrfHeaders } from './a11y';
import { pluginServices } from './routeList';

/**
 * A concrete URL (with sample parameters from the demo data) and the demo user for every route pattern
 * of the SPA (frontend/e2e/routeList.ts reads the patterns from the router). A route added to the router
 * or to a Managed Center plugin without an entry here fails the accessibility spec, so each new screen
 * is scanned: add its pattern with the user who may see it. A plugin's pages without parameters need no
 * entry: `sampleOf` derives them from the plugin's services.
 */

export type Who = 'guest' | 'manager' | 'admin' | 'partner' | 'staff';

/** Ids of the demo data the sample URLs need, looked up once per run through the API. */
export interface DemoIds {
  cluster: number;
  /** lb01 of cluster 20011 (nginx, dns). */
  lb: number;
  /** web01 of cluster 20011 (nginx, cronjobs, ssh). */
  web: number;
  /** Every server of cluster 20011 with its services (a plugin's own sample runs on one that runs its service). */
  servers: { id: number; name: string; services: string[] }[];
  vhost: number;
  /** The first apache site and supervisor program of web01 (pages with a parameter need an id). */
  apacheVhost: number;
  supervisorProgram: number;
  /** The first demo FTPS account of web01 (`ftp/:userId`). */
  ftpUser: number;
  /** The first demo firewall rule of web01 (`firewall/:ruleId`). */
  firewallRule: number;
  /** web01's first demo mail domain, mailbox and alias (`email/domains/:domainId`, `mailboxes/:mailboxId`, `aliases/:aliasId`). */
  mailDomain: number;
  mailbox: number;
  mailAlias: number;
  /** web01's first demo Node.js application (`nodejs/:appId`). */
  nodejsApp: number;
  /** web01's first Tomcat instance (`tomcat/instances/:instanceId`, the demo's `default`). */
  tomcatInstance: number;
  /** db01's first named redis instance (`redis/instances/:instanceId`, the demo's `sessions`). */
  redisInstance: number;
  /** web01's first update run (`package-updates/report/:upgradeId`). */
  packageUpgrade: number;
  /** The demo backup plan of web01 (`backups/:planId`). */
  backupPlan: number;
  /** A report of web01's report modules (`report/:reportId`): the demo's, or one the administrator starts. */
  shopSecurityReport: number;
  shopPerformanceReport: number;
  cronjob: number;
  zone: number;
  contract: number;
  /** A domain contract of customer 10001. */
  domainContract: number;
  /** A cluster contract with a termination (20012). */
  terminatedContract: number;
  termination: number;
  invoice: number;
  customer: number;
  publicInvoiceToken: string;
  invitationId: number;
}

export interface RouteSample {
  who: Who;
  url: (ids: DemoIds) => string;
  /** Also scanned in the two other theme/language combinations (see docs/decisions.md, "Accessibility checks"). */
  key?: boolean;
  /** What proves the screen is ready, when the first `h1` does not. */
  ready?: (page: Page) => Promise<void>;
}

const managed = (ids: DemoIds, server: number, rest: string) => `/a/clusters/${ids.cluster}/servers/${server}/managed/${rest}`;

/** The seeded demo invitations (core/seed/invitationsDemo.ts). */
const invitation = {
  freelancer: { token: 'demo-invitation-freelancer-20011', email: 'freelancer@demo.example' },
  newColleague: { token: 'demo-invitation-new-colleague-10001', email: 'new.colleague@demo.example' },
};

export const routeSamples: Record<string, RouteSample> = {
  login: { who: 'guest', url: () => '/a/login', key: true },
  'password/forgot': { who: 'guest', url: () => '/a/password/forgot' },
  'password/reset/:token': { who: 'guest', url: () => '/a/password/reset/sample-reset-token-that-is-unknown' },
  logout: { who: 'guest', url: () => '/a/logout', ready: (page) => expect(page).toHaveURL(/\/a\/login$/) },
  'data-protection': { who: 'guest', url: () => '/a/data-protection' },
  datenschutz: { who: 'manager', url: () => '/a/datenschutz' },
  'not-allowed': { who: 'manager', url: () => '/a/not-allowed' },
  'invitation/:token/:email': {
    who: 'guest',
    url: () => `/a/invitation/${invitation.newColleague.token}/${invitation.newColleague.email}`,
  },
  'registration/:type/:token/:email/:id': {
    who: 'guest',
    url: (ids) => `/a/registration/administrator/${invitation.freelancer.token}/${invitation.freelancer.email}/${ids.invitationId}`,
  },
  'invoice/public/:token': { who: 'guest', url: (ids) => `/a/invoice/public/${ids.publicInvoiceToken}` },
  'invoice/public': { who: 'guest', url: (ids) => `/a/invoice/public#token/${ids.publicInvoiceToken}` },
  'impersonate-two-factor-challenge/:userId/:token': {
    who: 'guest',
    url: () => '/a/impersonate-two-factor-challenge/1/not-a-valid-token-at-all',
  },
  '': { who: 'manager', url: () => '/a/', key: true },
  profile: { who: 'manager', url: () => '/a/profile', key: true },
  'profile/security': { who: 'manager', url: () => '/a/profile/security' },
  'profile/personal-access-token': { who: 'manager', url: () => '/a/profile/personal-access-token', key: true },
  'profile/permissions': { who: 'manager', url: () => '/a/profile/permissions' },
  'profile/notifications': { who: 'manager', url: () => '/a/profile/notifications' },
  'profile/*': { who: 'manager', url: () => '/a/profile/no-such-section' },
  'clusters/:clusterId/servers/:serverId/managed/dashboard': { who: 'admin', url: (ids) => managed(ids, ids.lb, 'dashboard'), key: true },
  'clusters/:clusterId/servers/:serverId/managed/nginx': { who: 'admin', url: (ids) => managed(ids, ids.web, 'nginx') },
  'clusters/:clusterId/servers/:serverId/managed/nginx/domains/new': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, 'nginx/domains/new'),
  },
  'clusters/:clusterId/servers/:serverId/managed/nginx/domains/:vhostId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `nginx/domains/${ids.vhost}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/nginx/domains/:vhostId/logs/:kind': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `nginx/domains/${ids.vhost}/logs/access`),
    key: true,
  },
  'clusters/:clusterId/servers/:serverId/managed/nginx/redirects': { who: 'admin', url: (ids) => managed(ids, ids.web, 'nginx/redirects') },
  'clusters/:clusterId/servers/:serverId/managed/nginx/authentications': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, 'nginx/authentications'),
  },
  'clusters/:clusterId/servers/:serverId/managed/nginx/config': { who: 'admin', url: (ids) => managed(ids, ids.web, 'nginx/config') },
  'clusters/:clusterId/servers/:serverId/managed/apache/domains/:vhostId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `apache/domains/${ids.apacheVhost}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/apache/domains/:vhostId/logs/:kind': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `apache/domains/${ids.apacheVhost}/logs/access`),
  },
  'clusters/:clusterId/servers/:serverId/managed/shop-security/report/:reportId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `shop-security/report/${ids.shopSecurityReport}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/shop-performance/report/:reportId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `shop-performance/report/${ids.shopPerformanceReport}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/tomcat/instances/:instanceId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `tomcat/instances/${ids.tomcatInstance}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/redis/instances/:instanceId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.servers.find((s) => s.name.startsWith('db01.'))!.id, `redis/instances/${ids.redisInstance}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/supervisor/:programId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `supervisor/${ids.supervisorProgram}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/ftp/:userId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `ftp/${ids.ftpUser}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/firewall/:ruleId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `firewall/${ids.firewallRule}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/domains/:domainId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/domains/${ids.mailDomain}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/domains/:domainId/edit': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/domains/${ids.mailDomain}/edit`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/domains/:domainId/mailboxes/create': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/domains/${ids.mailDomain}/mailboxes/create`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/domains/:domainId/aliases/create': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/domains/${ids.mailDomain}/aliases/create`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/mailboxes/:mailboxId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/mailboxes/${ids.mailbox}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/email/aliases/:aliasId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `email/aliases/${ids.mailAlias}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/nodejs/:appId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `nodejs/${ids.nodejsApp}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/package-updates/report/:upgradeId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `package-updates/report/${ids.packageUpgrade}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/backups/:planId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `backups/${ids.backupPlan}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/cronjobs': { who: 'admin', url: (ids) => managed(ids, ids.web, 'cronjobs') },
  'clusters/:clusterId/servers/:serverId/managed/cronjobs/create': { who: 'admin', url: (ids) => managed(ids, ids.web, 'cronjobs/create') },
  'clusters/:clusterId/servers/:serverId/managed/cronjobs/:cronjobId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, `cronjobs/${ids.cronjob}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/ssh': { who: 'admin', url: (ids) => managed(ids, ids.web, 'ssh') },
  'clusters/:clusterId/servers/:serverId/managed/ssh/create': { who: 'admin', url: (ids) => managed(ids, ids.web, 'ssh/create') },
  'clusters/:clusterId/servers/:serverId/managed/dns': { who: 'admin', url: (ids) => managed(ids, ids.lb, 'dns') },
  'clusters/:clusterId/servers/:serverId/managed/dns/zones/:zoneId': {
    who: 'admin',
    url: (ids) => managed(ids, ids.lb, `dns/zones/${ids.zone}`),
  },
  'clusters/:clusterId/servers/:serverId/managed/dns/zones/:zoneId/modus/:mode': {
    who: 'admin',
    url: (ids) => managed(ids, ids.lb, `dns/zones/${ids.zone}/modus/form`),
    key: true,
  },
  'clusters/:clusterId/servers/:serverId/managed/monitoring': {
    who: 'admin',
    url: (ids) => managed(ids, ids.web, 'monitoring'),
    key: true,
  },
  'customers/:customerId/edit': { who: 'manager', url: (ids) => `/a/customers/${ids.customer}/edit`, key: true },
  impersonation: { who: 'staff', url: () => '/a/impersonation' },
  'invitation/:type/:token/:email/:id': {
    who: 'manager',
    url: (ids) => `/a/invitation/administrator/${invitation.freelancer.token}/${invitation.freelancer.email}/${ids.invitationId}`,
  },
  contracts: { who: 'manager', url: () => '/a/contracts', key: true },
  'contracts/:type/:contractId': { who: 'manager', url: (ids) => `/a/contracts/cluster/${ids.contract}` },
  'contracts/:contractId/cluster/termination': { who: 'manager', url: (ids) => `/a/contracts/${ids.contract}/cluster/termination` },
  'contracts/:contractId/cluster/termination/show': {
    who: 'manager',
    url: (ids) => `/a/contracts/${ids.terminatedContract}/cluster/termination/show`,
  },
  'contracts/:contractId/cluster/termination/:terminationId': {
    who: 'manager',
    url: (ids) => `/a/contracts/${ids.terminatedContract}/cluster/termination/${ids.termination}`,
  },
  'contracts/:contractId/cluster/termination/:terminationId/edit': {
    who: 'manager',
    url: (ids) => `/a/contracts/${ids.terminatedContract}/cluster/termination/${ids.termination}/edit`,
  },
  'contracts/*': { who: 'manager', url: () => '/a/contracts/domain/new' },
  invoices: { who: 'manager', url: () => '/a/invoices', key: true },
  'invoices/:invoiceId': { who: 'manager', url: (ids) => `/a/invoices/${ids.invoice}` },
  'invoices/:invoiceId/details': { who: 'manager', url: (ids) => `/a/invoices/${ids.invoice}/details` },
  'invoices/*': { who: 'manager', url: () => '/a/invoices/payment/settings' },
  'contracts/:contractId/domain/termination': { who: 'manager', url: (ids) => `/a/contracts/${ids.domainContract}/domain/termination` },
  'clusters/:clusterId/servers/:serverId/incidents': { who: 'admin', url: (ids) => `/a/clusters/${ids.cluster}/servers/${ids.web}/incidents` },
  'clusters/:clusterId/webhooks': { who: 'admin', url: (ids) => `/a/clusters/${ids.cluster}/webhooks` },
  'customers/:customerId/dpa/completed': { who: 'manager', url: (ids) => `/a/customers/${ids.customer}/dpa/completed` },
  orders: { who: 'manager', url: () => '/a/orders', key: true },
  'orders/domain': { who: 'manager', url: () => '/a/orders/domain' },
  'orders/certificate': { who: 'manager', url: () => '/a/orders/certificate' },
  'orders/cluster': { who: 'manager', url: () => '/a/orders/cluster' },
  'orders/:type/:number': { who: 'manager', url: () => '/a/orders/cluster/B-090001', ready: (page) => expect(page.getByRole('dialog')).toBeVisible() },
  'orders/*': { who: 'manager', url: () => '/a/orders/something/else/entirely' },
  'partner/:partnerId?/:year?': { who: 'partner', url: () => '/a/partner', key: true },
  'partner/payments/:partnerId?/:customerId?': { who: 'partner', url: () => '/a/partner/payments' },
  'partner/material': { who: 'partner', url: () => '/a/partner/material' },
  'partner/contracts/:partnerId?': { who: 'partner', url: () => '/a/partner/contracts' },
  'partner/users/:partnerId?': { who: 'partner', url: () => '/a/partner/users' },
  'partner/*': { who: 'partner', url: () => '/a/partner/no/such/screen' },
  '*': { who: 'manager', url: () => '/a/does/not/exist' },
};

const managedPlugin = /^clusters\/:clusterId\/servers\/:serverId\/managed\/([a-z][a-z0-9-]*)((?:\/[^:]*)?)$/;

/**
 * The sample of a route pattern: its entry above, or — for a Managed Center plugin's page without parameters
 * (a config service's settings, a list) — the page on the first server of cluster 20011 that runs one of the
 * plugin's services, as the administrator. So a new plugin contributes its pages to the checks without an
 * entry here; only pages with parameters (`:vhostId`) need one.
 */
export function sampleOf(pattern: string): RouteSample | undefined {
  if (routeSamples[pattern]) return routeSamples[pattern];
  const m = managedPlugin.exec(pattern);
  const services = m ? pluginServices().get(m[1]) : undefined;
  if (!m || !services) return undefined;
  const [, id, rest] = m;
  return {
    who: 'admin',
    url: (ids) => {
      const server = ids.servers.find((s) => services === 'all' || s.services.some((x) => services.includes(x)));
      if (!server) throw new Error(`no server of cluster 20011 runs a service of plugin ${id} (core/seed/demo.ts)`);
      return managed(ids, server.id, `${id}${rest}`);
    },
  };
}

async function json<T>(context: BrowserContext, url: string, init?: { method: 'POST'; data?: unknown }): Promise<T> {
  const res = init
    ? await context.request.post(url, { data: init.data, headers: await csrfHeaders(context) })
    : await context.request.get(url);
  expect(res.ok(), `${init?.method ?? 'GET'} ${url}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * Looks the sample ids up (and creates what the demo data lacks: a public invoice link and a cluster
 * termination), with the requests of the signed-in administrator and manager.
 */
export async function lookUpDemoIds(admin: BrowserContext, manager: BrowserContext): Promise<DemoIds> {
  type List<T> = { data: T[] };
  const cluster = (await json<List<{ id: number }>>(admin, '/api/v1/clusters?search=20011')).data[0].id;
  const servers = (await json<{ servers: { id: number; name: string; services: string[] }[] }>(admin, `/api/v1/clusters/${cluster}`)).servers;
  const server = (prefix: string) => servers.find((s) => s.name.startsWith(prefix))!.id;
  const lb = server('lb01.');
  const web = server('web01.');
  const base = `/api/v1/clusters/${cluster}/servers`;
  const vhost = (await json<List<{ id: number }>>(admin, `${base}/${web}/nginx/vhosts`)).data[0].id;
  const apacheVhost = (await json<List<{ id: number }>>(admin, `${base}/${web}/apache/vhosts`)).data[0].id;
  const supervisorProgram = (await json<List<{ id: number }>>(admin, `${base}/${web}/supervisor/programs`)).data[0].id;
  const backupPlan = (await json<List<{ id: number }>>(admin, `${base}/${web}/backups/plans`)).data[0].id;
  const ftpUser = (await json<List<{ id: number }>>(admin, `${base}/${web}/ftp/users`)).data[0].id;
  const firewallRule = (await json<List<{ id: number }>>(admin, `${base}/${web}/firewall/rules`)).data[0].id;
  const mailDomain = (await json<List<{ id: number }>>(admin, `${base}/${web}/email/domains`)).data[0].id;
  const mailbox = (await json<List<{ id: number }>>(admin, `${base}/${web}/email/mailboxes`)).data[0].id;
  const mailAlias = (await json<List<{ id: number }>>(admin, `${base}/${web}/email/aliases`)).data[0].id;
  const nodejsApp = (await json<List<{ id: number }>>(admin, `${base}/${web}/nodejs/apps`)).data[0].id;
  const tomcatInstance = (await json<List<{ id: number }>>(admin, `${base}/${web}/tomcat/instances`)).data[0].id;
  const redisInstance = (await json<List<{ id: number }>>(admin, `${base}/${server('db01.')}/redis/instances`)).data[0].id;
  const packageUpgrade = (await json<List<{ id: number }>>(admin, `${base}/${web}/package-updates/upgrades`)).data[0].id;
  const report = async (plugin: string) =>
    (await json<List<{ id: number }>>(admin, `${base}/${web}/${plugin}/reports`)).data[0]?.id ??
    (await json<{ id: number }>(admin, `${base}/${web}/${plugin}/reports`, { method: 'POST' })).id;
  const shopSecurityReport = await report('shop-security');
  const shopPerformanceReport = await report('shop-performance');
  const cronjob = (await json<List<{ id: number }>>(admin, `${base}/${web}/cronjobs`)).data[0].id;
  const zone = (await json<List<{ id: number }>>(admin, `${base}/${lb}/dns/zones`)).data[0].id;

  const contracts = (await json<List<{ type: string; id: number; number: string }>>(manager, '/api/v1/contracts?per_page=100')).data;
  const contract = contracts.find((c) => c.type === 'cluster' && c.number === '20011')!.id;
  const domainContract = contracts.find((c) => c.type === 'domain')!.id;
  const terminatedContract = contracts.find((c) => c.type === 'cluster' && c.number === '20012')!.id;
  const terminationUrl = `/api/v1/contracts/cluster/${terminatedContract}/termination`;
  const state = await json<{ termination: { id: number } | null; options: { endOfTerm: string }[] }>(manager, terminationUrl);
  const termination =
    state.termination ??
    (await json<{ id: number }>(manager, terminationUrl, {
      method: 'POST',
      data: { endOfTerm: state.options[0].endOfTerm, reason: 'price', confirmed: true },
    }));
  const invoice = (await json<List<{ id: number }>>(manager, '/api/v1/invoices')).data[0].id;
  const customer = (await json<List<{ id: number }>>(manager, '/api/v1/customers')).data[0].id;
  const link = await json<{ url: string }>(manager, `/api/v1/invoices/${invoice}/public-link`, { method: 'POST', data: {} });
  const publicInvoiceToken = link.url.split('/a/invoice/public/')[1];
  const invitationId = (await json<{ id: number }>(manager, '/api/v1/invitations/lookup', { method: 'POST', data: invitation.freelancer }))
    .id;
  return {
    cluster,
    lb,
    web,
    servers,
    vhost,
    apacheVhost,
    supervisorProgram,
    ftpUser,
    firewallRule,
    mailDomain,
    mailbox,
    mailAlias,
    nodejsApp,
    tomcatInstance,
    redisInstance,
    packageUpgrade,
    backupPlan,
    shopSecurityReport,
    shopPerformanceReport,
    cronjob,
    zone,
    contract,
    domainContract,
    terminatedContract,
    termination: termination.id,
    invoice,
    customer,
    publicInvoiceToken,
    invitationId,
  };
}
