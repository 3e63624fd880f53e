/**
 * Server part of the `varnish-ssl` module, a config service (docs/plugins.md, "Config services"): its settings — the
 * contract's `x-config`: caching rules and start parameters — rendered into the VCL and the start command
 * (`program.ts`), checked by `varnishd -C`, loaded and switched to in the running Varnish (`admin.ts`); the family
 * stores them, answers get/update, applies and rolls back. Besides the family: the expert's custom VCL (its own row,
 * part of the desired state, so it is snapshotted and rolled back with the settings), the compiler's messages at their
 * lines, purges and the request log. With TLS on, hitch terminates HTTPS in front of Varnish (`hitch.ts`): its settings
 * are the family's, the certificate (one of the customer's, or a pasted PEM stored sealed) its own row, both desired
 * state; its configuration is tested by `hitch --test` and the private hitch (re)started after Varnish.
 */
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import type { Schemas } from '@portal/openapi';
import {
  conflict,
  defineConfigService,
  validationFailed,
  type CheckOutcome,
  type ConfigFamily,
  type ConfigFile,
  type PluginHandlers,
  type PluginPorts,
  type PrepareContext,
  type ServerGateway,
  type ServerPlugin,
} from '@portal/plugin-sdk/server';
import { certificateStatuses, certificatesOf, generateCertificates, usableCertificates } from '@portal/plugin-sdk/webserver';
import { config, type Settings } from '../generated/config.ts';
import type { Operations } from '../generated/operations.ts';
import { adminAddress, ban, banExpression, loadedVcls, reload, requestLog } from './admin.ts';
import {
  checkHitchFiles,
  defaultProxyPort,
  hitchCertificatesDir,
  reloadHitch,
  renderHitchConf,
  testHitch,
  type HitchCertificate,
} from './hitch.ts';
import { Migration20261128114315VarnishSsl } from './migrations/Migration20261128114315VarnishSsl.ts';
import { Migration20261128115500VarnishSslVcl } from './migrations/Migration20261128115500VarnishSslVcl.ts';
import { Migration20261129070000VarnishSslTls } from './migrations/Migration20261129070000VarnishSslTls.ts';
import { inspectPem } from './pem.ts';
import programs, { checkFiles, compileVcl, compilerMessages, render, type Prepared } from './program.ts';
import { VarnishTls } from './TlsEntity.ts';
import { VarnishVcl } from './VclEntity.ts';

type Mode = Schemas['VarnishSslVcl']['mode'];
type TlsRow = Pick<VarnishTls, 'source' | 'certificateId' | 'sealedPem' | 'subject' | 'altNames' | 'validUntil' | 'fingerprint'>;

/** The desired state besides the settings: the VCL mode and custom VCL, the certificate hitch serves. */
interface Rows {
  vcl: VarnishVcl | null;
  tls: VarnishTls | null;
}

const context = (serverId: number) => `server:${serverId}`;

/**
 * The portal's secret box, handed to the handlers once at start (`handlers(ports)`): `render` opens the sealed PEM
 * with it (it has no ports of its own). One portal per process (as postfix's relay password).
 */
let secrets: PluginPorts['secrets'] | undefined;

/** The certificate of the desired state, the pasted PEM opened. */
function certificateOf(row: TlsRow | null, serverId: number): HitchCertificate {
  if (row?.source === 'inventory' && row.certificateId) return { source: 'inventory', certificateId: row.certificateId };
  if (row?.source === 'pem' && row.sealedPem) {
    if (!secrets) throw new Error('varnish-ssl: the secret box is not ready');
    return { source: 'pem', pem: secrets.open(row.sealedPem, context(serverId)) };
  }
  return { source: 'none' };
}

/** The customer's certificates on this server and which hitch can use (installed, or to be created self-signed). */
const statusesOf = (gateway: ServerGateway, customer: number) => certificateStatuses(gateway, customer, hitchCertificatesDir);

/** Where hitch listens: the sandbox's loopback port, or the settings' port on a real server. */
async function hitchListen(gateway: ServerGateway, s: Settings): Promise<string> {
  return runsPrivateInstances(gateway) ? `127.0.0.1:${(await gateway.listenAddress('hitch', 443)).port}` : `*:${s.httpsPort}`;
}

/**
 * Before rendering: the loopback ports of the private instances (one after the other: the local gateway keeps them in
 * one file) and, on an apply, the customer's certificate hitch should serve created self-signed where the gateway can
 * (the sandbox; a failure leaves hitch out, the rest applies).
 */
async function prepare(c: PrepareContext): Promise<Prepared> {
  const { gateway } = c;
  const port = (await gateway.listenAddress('varnish', 6081)).port;
  const adminPort = (await adminAddress(gateway)).port;
  const httpsPort = (await gateway.listenAddress('hitch', 443)).port;
  const proxyPort = (await gateway.listenAddress('varnish-proxy', defaultProxyPort)).port;
  const row = await c.em.findOne(VarnishTls, { serverId: c.server.id });
  if (c.purpose === 'apply' && row?.source === 'inventory' && row.certificateId)
    await generateCertificates(gateway, c.server.customer.number, [row.certificateId], hitchCertificatesDir).catch((e: unknown) =>
      c.logger.warn({ err: e, serverId: c.server.id }, 'varnish-ssl: creating the self-signed certificate failed'),
    );
  const usable = usableCertificates(await statusesOf(gateway, c.server.customer.number));
  return { local: runsPrivateInstances(gateway), port, adminPort, httpsPort, proxyPort, usableCertificates: [...usable].sort() };
}

/** The apply's check: the VCL compiles (`varnishd -C`), then hitch's configuration passes `hitch --test`. */
async function validate(gateway: ServerGateway, files: ConfigFile[]): Promise<CheckOutcome> {
  const varnish = await checkFiles(gateway, files);
  if (varnish.status === 'failed') return varnish;
  const hitch = await checkHitchFiles(gateway, files);
  if (!hitch) return varnish;
  if (hitch.status === 'failed') return hitch;
  return { ...varnish, output: `${varnish.output ?? ''}; hitch: ${hitch.output ?? hitch.status}` };
}

/** The apply's reload: Varnish first (its PROXY listen address), then hitch (started, restarted or stopped). */
async function reloadAll(gateway: ServerGateway): Promise<CheckOutcome> {
  const varnish = await reload(gateway);
  if (varnish.status !== 'passed') return varnish;
  const hitch = await reloadHitch(gateway);
  return hitch.status === 'passed' ? { ...varnish, output: `${varnish.output ?? ''}; ${hitch.output ?? ''}` } : hitch;
}

const ownHandlers = (ports: PluginPorts, family: ConfigFamily<Settings>): Partial<PluginHandlers<Operations>> => ({
  getVarnishSslVcl: async (c) => {
    const row = await c.em.findOne(VarnishVcl, { serverId: c.server.id });
    const loaded = await loadedVcls(ports.gateway(c.server.id));
    return { mode: (row?.mode ?? 'form') as Mode, customVcl: row?.customVcl ?? '', running: loaded !== null, loaded: loaded ?? [] };
  },

  checkVarnishSslVcl: async (c) => {
    const r = await compileVcl(ports.gateway(c.server.id), c.body.vcl);
    return r.status === 'failed' ? { valid: false, messages: compilerMessages(r.output ?? '') } : { valid: true, messages: [] };
  },

  updateVarnishSslVcl: async (c) => {
    const { mode, customVcl } = c.body;
    if (mode === 'custom') {
      if (!customVcl.trim()) throw validationFailed({ customVcl: ['validation.required'] });
      const r = await compileVcl(ports.gateway(c.server.id), customVcl);
      if (r.status === 'failed') throw validationFailed({ customVcl: ['varnish-ssl:errors.vcl_compile'] });
    }
    const { job } = await ports.jobs.store(c, async (em) => {
      const row = await em.findOne(VarnishVcl, { serverId: c.server.id });
      if (row) em.assign(row, { mode, customVcl, updatedAt: ports.clock.now() });
      else em.create(VarnishVcl, { serverId: c.server.id, mode, customVcl, updatedAt: ports.clock.now() });
      return { key: mode === 'custom' ? 'varnish-ssl:changes.custom' : 'varnish-ssl:changes.form' };
    });
    return job;
  },

  getVarnishSslTls: async (c) => {
    const gateway = ports.gateway(c.server.id);
    const s = await family.settingsOf(c.em, c.server.id);
    const row = await c.em.findOne(VarnishTls, { serverId: c.server.id });
    const statuses = await statusesOf(gateway, c.server.customer.number);
    return {
      enabled: s.tlsEnabled,
      running: (await gateway.service('hitch').status()).state === 'running',
      listen: await hitchListen(gateway, s),
      certificate: row
        ? {
            source: row.source as 'inventory' | 'pem',
            certificateId: row.certificateId ?? null,
            subject: row.subject,
            altNames: row.altNames,
            validUntil: row.validUntil ?? null,
            fingerprint: row.fingerprint,
          }
        : { source: 'none', certificateId: null, subject: '', altNames: [], validUntil: null, fingerprint: '' },
      certificates: certificatesOf(c.server.customer.number).map(({ customer: _owner, ...cert }) => ({
        ...cert,
        altNames: [...cert.altNames],
        status: statuses.get(cert.id) ?? 'missing',
      })),
    };
  },

  updateVarnishSslTlsCertificate: async (c) => {
    const gateway = ports.gateway(c.server.id);
    let values: TlsRow;
    if (c.body.source === 'inventory') {
      const id = c.body.certificateId;
      if (!id) throw validationFailed({ certificateId: ['validation.required'] });
      const cert = certificatesOf(c.server.customer.number).find((x) => x.id === id);
      if (!cert) throw validationFailed({ certificateId: ['varnish-ssl:errors.certificate_unknown'] });
      if ((await statusesOf(gateway, c.server.customer.number)).get(id) === 'missing') throw validationFailed({ certificateId: ['varnish-ssl:errors.certificate_missing'] });
      values = { source: 'inventory', certificateId: id, sealedPem: null, subject: cert.commonName, altNames: [...cert.altNames], validUntil: cert.validUntil, fingerprint: '' };
    } else {
      if (!c.body.pem?.trim()) throw validationFailed({ pem: ['validation.required'] });
      const pem = inspectPem(c.body.pem, ports.clock.now());
      if ('problem' in pem) throw validationFailed({ pem: [`varnish-ssl:errors.${pem.problem}`] });
      // The real hitch loads it, staged beside a configuration of the stored settings (nothing stored yet).
      const s = await family.settingsOf(c.em, c.server.id);
      const env = { hostPath: (p: string) => gateway.hostPath(p), local: runsPrivateInstances(gateway), httpsPort: s.httpsPort, varnishPort: s.listenPort, proxyPort: defaultProxyPort, usable: new Set<string>() };
      const tested = await testHitch(gateway, (staged) => renderHitchConf(s, env, { source: 'pem', pem: pem.canonical }, staged), pem.canonical);
      if (tested.status === 'failed') throw validationFailed({ pem: ['varnish-ssl:errors.pem_hitch'] });
      values = {
        source: 'pem',
        certificateId: null,
        sealedPem: ports.secrets.seal(pem.canonical, context(c.server.id)),
        subject: pem.subject,
        altNames: pem.altNames,
        validUntil: pem.validUntil,
        fingerprint: pem.fingerprint,
      };
    }
    const { job } = await ports.jobs.store(c, async (em) => {
      const row = await em.findOne(VarnishTls, { serverId: c.server.id });
      if (row) em.assign(row, { ...values, updatedAt: ports.clock.now() });
      else em.create(VarnishTls, { serverId: c.server.id, ...values, updatedAt: ports.clock.now() });
      // The change log names the certificate, never the PEM.
      return { key: values.source === 'pem' ? 'varnish-ssl:changes.certificatePem' : 'varnish-ssl:changes.certificate', values: { subject: values.subject } };
    });
    return job;
  },

  purgeVarnishSsl: async (c) => {
    const expression = banExpression(c.body);
    if (!expression) throw validationFailed({ [c.body.host ? 'path' : 'host']: ['validation.required'] });
    const r = await ban(ports.gateway(c.server.id), expression);
    if (!r) throw conflict('varnish-ssl:errors.not_running');
    if (r.exitCode !== 0) throw conflict('varnish-ssl:errors.not_running');
    ports.logger.info({ serverId: c.server.id, userId: c.user.id, ban: expression.join(' ') }, 'varnish: purged');
    return { ban: expression.join(' ') };
  },

  listVarnishSslLog: async (c) => {
    const lines = await requestLog(ports.gateway(c.server.id));
    const search = c.query.search?.toLowerCase();
    const shown = (lines ?? []).filter((l) => !search || l.toLowerCase().includes(search)).slice(-(c.query.lines ?? 200));
    return { running: lines !== null, entries: shown.map((line) => ({ line: line.slice(0, 10_000) })) };
  },
});

const family = defineConfigService<Operations, Settings, Prepared, Rows>(
  {
    config,
    migrations: [Migration20261128114315VarnishSsl, Migration20261128115500VarnishSslVcl, Migration20261129070000VarnishSslTls],
    // The custom VCL row and the certificate row are desired state: snapshotted and rolled back with the settings.
    desired: {
      entities: [VarnishVcl, VarnishTls],
      load: async (em, server) => ({ vcl: await em.findOne(VarnishVcl, { serverId: server.id }), tls: await em.findOne(VarnishTls, { serverId: server.id }) }),
    },
    render: (s, c) =>
      render(s, c, { customVcl: c.desired.vcl?.mode === 'custom' ? c.desired.vcl.customVcl : null, certificate: certificateOf(c.desired.tls, c.server.id) }),
    programs,
    steps: { service: 'varnish', validate, reload: reloadAll },
    rules: (s) => {
      const errors = {
        ...(s.threadPoolMin > s.threadPoolMax ? { threadPoolMin: ['varnish-ssl:errors.threads_min_max'] } : {}),
        ...(s.tlsEnabled && s.httpsPort === s.listenPort ? { httpsPort: ['varnish-ssl:errors.port_clash'] } : {}),
      };
      return Object.keys(errors).length ? errors : undefined;
    },
  },
  (ports, f) => {
    secrets = ports.secrets;
    return ownHandlers(ports, f);
  },
);

/**
 * The family's plugin with its own `prepare` (ports, certificates) and a guard on the settings: TLS is switched on only
 * with a certificate hitch can serve (422 `tlsEnabled`, nothing stored).
 */
const plugin: ServerPlugin<Operations> = {
  ...family,
  prepare,
  handlers: (ports) => {
    const handlers = family.handlers(ports);
    const update = handlers.updateVarnishSslSettings;
    return {
      ...handlers,
      updateVarnishSslSettings: async (c) => {
        if (c.body.tlsEnabled === true) {
          const row = await c.em.findOne(VarnishTls, { serverId: c.server.id });
          const usable = usableCertificates(await statusesOf(ports.gateway(c.server.id), c.server.customer.number));
          const ok = row?.source === 'pem' ? !!row.sealedPem : row?.source === 'inventory' && !!row.certificateId && usable.has(row.certificateId);
          if (!ok) throw validationFailed({ tlsEnabled: ['varnish-ssl:errors.tls_no_certificate'] });
        }
        return update(c);
      },
    };
  },
};

export default plugin;
