/**
 * Server part of the `email` plugin: mail domains (with the DKIM key generated on create), mailboxes (create and renew
 * answer a generated password once) and aliases of a server — three resources of the SDK (`x-resources` in
 * openapi.yaml) — their rules, and the apply of Postfix's tables, Dovecot's passwd-file and the DKIM keys
 * (render.ts; checked on staged copies by check.ts; the live tables built and Postfix reloaded by its reload step).
 */
import {
  defineResource,
  defineServerPlugin,
  found,
  generatePassword,
  sha512Crypt,
  validationFailed,
  type PluginDatabase,
  type PluginHandler,
  type PluginHandlers,
  type PluginPorts,
} from '@portal/plugin-sdk/server';
import type { Operations } from '../generated/operations.ts';
import { mailAliasResource, mailboxResource, mailDomainResource } from '../generated/resources.ts';
import { reloadMail } from './check.ts';
import { dkimRecord, dmarcHint, generateDkimKey, spfHint } from './dkim.ts';
import { MailAlias, MailDomain, Mailbox } from './entities.ts';
import { demoAliases, demoDomains, demoMailboxes } from './fixtures.ts';
import { Migration20261129090000Email } from './migrations/Migration20261129090000Email.ts';
import programs from './program.ts';
import { renderFiles } from './render.ts';
import { checkAlias, checkDomain, checkDomainDelete, checkMailbox, destinationsOf } from './rules.ts';

const presentDomain = (d: MailDomain) => ({
  id: d.id,
  name: d.name,
  dkimSelector: d.dkimSelector,
  senderBcc: d.senderBcc,
  recipientBcc: d.recipientBcc,
  dkim: dkimRecord(d.name, d.dkimSelector, d.dkimPublicKey),
  spfHint: spfHint(),
  dmarcHint: dmarcHint(d.name),
  createdAt: d.createdAt.toISOString(),
});

/** Domain names by id, for the addresses of mailboxes and aliases. */
async function domainNames(em: PluginDatabase, serverId: number): Promise<Map<number, string>> {
  return new Map((await em.find(MailDomain, { serverId })).map((d) => [d.id, d.name]));
}

/** What the rules of mailboxes and aliases see: every domain, mailbox and alias of the server. */
async function taken(em: PluginDatabase, serverId: number) {
  const [domains, mailboxes, aliases] = await Promise.all([em.find(MailDomain, { serverId }), em.find(Mailbox, { serverId }), em.find(MailAlias, { serverId })]);
  return { domains, mailboxes, aliases };
}

export const mailDomains = defineResource(mailDomainResource, {
  entity: MailDomain,
  orderBy: { name: 'asc' },
  present: (d) => presentDomain(d),
  rules: (input, { existing, current }) => checkDomain(input, existing, current?.id),
  deleteRules: async ({ em, server, current }) => {
    const t = await taken(em, server.id);
    return checkDomainDelete(current.id, t.mailboxes, t.aliases);
  },
  // The key pair is generated once, when the domain is added; a changed selector keeps it.
  values: (input, { current }) => ({
    name: input.name.trim(),
    dkimSelector: input.dkimSelector.trim(),
    senderBcc: input.senderBcc.trim(),
    recipientBcc: input.recipientBcc.trim(),
    ...(current ? {} : (({ privateKey, publicKey }) => ({ dkimPrivateKey: privateKey, dkimPublicKey: publicKey }))(generateDkimKey())),
  }),
  summary: (d) => ({ name: d.name, dkimSelector: d.dkimSelector }),
  changes: { created: 'domainCreated', updated: 'domainUpdated', deleted: 'domainDeleted' },
});

// An address needs its domain's name, but `present` and `summary` are synchronous: the names of a server's domains are
// read at the start of each request on mailboxes and aliases (`withNames`) and kept per server. A domain is never
// renamed and cannot be deleted while it has mailboxes or aliases, so the names cannot go stale within a request.
const names = new Map<number, Map<number, string>>();
const domainOf = (serverId: number, domainId: number) => names.get(serverId)?.get(domainId) ?? '?';
const addressOf = (e: { serverId: number; domainId: number; localPart: string }) => (e.localPart === '' ? '' : e.localPart) + `@${domainOf(e.serverId, e.domainId)}`;
const remember = async (em: PluginDatabase, serverId: number) => void names.set(serverId, await domainNames(em, serverId));

const presentMailbox = (m: Mailbox) => ({
  id: m.id,
  domainId: m.domainId,
  localPart: m.localPart,
  address: addressOf(m),
  quotaMb: m.quotaMb,
  senderBcc: m.senderBcc,
  recipientBcc: m.recipientBcc,
  createdAt: m.createdAt.toISOString(),
  passwordSetAt: m.passwordSetAt.toISOString(),
});

export const mailboxes = defineResource(mailboxResource, {
  entity: Mailbox,
  orderBy: { domainId: 'asc', localPart: 'asc' },
  present: (m) => presentMailbox(m),
  rules: async (input, { em, server, current }) => checkMailbox(input, await taken(em, server.id), current?.id),
  summary: (m) => ({ address: addressOf(m), quotaMb: m.quotaMb }),
  changes: { updated: 'mailboxUpdated', deleted: 'mailboxDeleted' },
});

export const mailAliases = defineResource(mailAliasResource, {
  entity: MailAlias,
  orderBy: { domainId: 'asc', localPart: 'asc' },
  present: (a) => ({
    id: a.id,
    domainId: a.domainId,
    localPart: a.localPart,
    destinations: a.destinations,
    address: addressOf(a),
    catchAll: a.localPart === '',
    createdAt: a.createdAt.toISOString(),
  }),
  rules: async (input, { em, server, current }) => checkAlias(input, await taken(em, server.id), current?.id),
  values: (input) => ({ domainId: input.domainId, localPart: input.localPart.trim(), destinations: destinationsOf(input.destinations).join(', ') }),
  summary: (a) => ({ address: addressOf(a), destinations: a.destinations }),
  changes: { created: 'aliasCreated', updated: 'aliasUpdated', deleted: 'aliasDeleted' },
});

/** Wraps each handler so the domain names of the server are known to `present` and `summary`. */
function withNames<T extends Record<string, unknown>>(hs: T): T {
  return Object.fromEntries(
    Object.entries(hs).map(([k, h]) => [
      k,
      async (c: { em: PluginDatabase; server: { id: number } }) => {
        await remember(c.em, c.server.id);
        return (h as (c: unknown) => Promise<unknown>)(c);
      },
    ]),
  ) as T;
}

function handlers(ports: PluginPorts): PluginHandlers<Operations> {
  return {
    ...mailDomains.handlers(ports),
    ...withNames(mailboxes.handlers(ports)),
    ...withNames(mailAliases.handlers(ports)),
    createMailbox: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let created: Mailbox | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        const errors = checkMailbox(c.body, await taken(em, c.server.id));
        if (errors) throw validationFailed(errors);
        await remember(em, c.server.id);
        created = em.create(Mailbox, {
          serverId: c.server.id,
          domainId: c.body.domainId,
          localPart: c.body.localPart.trim(),
          quotaMb: c.body.quotaMb,
          senderBcc: c.body.senderBcc.trim(),
          recipientBcc: c.body.recipientBcc.trim(),
          passwordHash: sha512Crypt(password),
          createdAt: now,
          updatedAt: now,
          passwordSetAt: now,
        });
        return { key: 'email:changes.mailboxCreated', values: { address: addressOf(created), quotaMb: created.quotaMb } };
      });
      return { job, mailbox: presentMailbox(created!), password };
    }) satisfies PluginHandler<'createMailbox'>,
    renewMailboxPassword: (async (c) => {
      const password = generatePassword();
      const now = ports.clock.now();
      let mailbox: Mailbox | undefined;
      const { job } = await ports.jobs.store(c, async (em) => {
        mailbox = found(await em.findOne(Mailbox, { id: c.params.mailboxId, serverId: c.server.id }));
        await remember(em, c.server.id);
        em.assign(mailbox, { passwordHash: sha512Crypt(password), passwordSetAt: now, updatedAt: now });
        return { key: 'email:changes.passwordRenewed', values: { address: addressOf(mailbox) } };
      });
      return { job, mailbox: presentMailbox(mailbox!), password };
    }) satisfies PluginHandler<'renewMailboxPassword'>,
  };
}

export default defineServerPlugin<Operations>({
  entities: [MailDomain, Mailbox, MailAlias],
  migrations: [Migration20261129090000Email],
  programs,
  steps: { service: 'postfix', reload: reloadMail },
  handlers,
  state: { entities: [MailDomain, Mailbox, MailAlias] },
  render: async ({ em, server, hostPath }) =>
    renderFiles({ domains: await mailDomains.all(em, server.id), mailboxes: await mailboxes.all(em, server.id), aliases: await mailAliases.all(em, server.id) }, { hostPath }),
  fixtures: async ({ em, server, clock }) => {
    if ((await em.count(MailDomain, { serverId: server.id })) > 0) return;
    const now = clock.now();
    const ids = new Map<string, MailDomain>();
    for (const d of demoDomains) {
      const key = generateDkimKey();
      ids.set(d.name, em.create(MailDomain, { ...d, serverId: server.id, dkimPrivateKey: key.privateKey, dkimPublicKey: key.publicKey, createdAt: now, updatedAt: now }));
    }
    await em.flush();
    for (const { domain, ...m } of demoMailboxes)
      em.create(Mailbox, { ...m, serverId: server.id, domainId: ids.get(domain)!.id, passwordHash: sha512Crypt(generatePassword()), createdAt: now, updatedAt: now, passwordSetAt: now });
    for (const { domain, ...a } of demoAliases) em.create(MailAlias, { ...a, serverId: server.id, domainId: ids.get(domain)!.id, createdAt: now, updatedAt: now });
    await em.flush();
  },
});
