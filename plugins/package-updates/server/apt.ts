/**
 * The package manager of a server as this module reads it: `apt-get -s upgrade` (the simulation, no root needed)
 * and its `Inst pkg [old] (new origin [arch])` lines, and the dpkg status file (records of installed packages with
 * their versions and conffiles). On a gateway with private instances (`runsPrivateInstances`) apt runs on the
 * sandbox's own state — its dpkg status, extended states and sources list — against the machine's real package
 * lists (`/var/lib/apt/lists`), so the pending updates are Debian's real ones without touching the machine's packages.
 */
import type { ServerGateway } from '@portal/plugin-sdk/gateway';
import { runsPrivateInstances } from '@portal/plugin-sdk/program';
import { compareDebianVersions } from './debianVersion.ts';

/** Where a server keeps what apt and dpkg know (server paths; in a sandbox, the sandbox's). */
export const dpkgStatusPath = '/var/lib/dpkg/status';
export const sourcesPath = '/etc/apt/sources.list';
const extendedStatesPath = '/var/lib/apt/extended_states';
/** The machine's package lists (`apt-get update` downloaded them): the sandbox reads these, never writes them. */
export const machineListsDir = '/var/lib/apt/lists';

/** One archive a candidate version comes from, as apt prints it: `Debian-Security:12/oldstable-security`. */
export interface AptOrigin {
  label: string;
  version: string;
  suite: string;
}

/** A pending update of one package. */
export interface PendingUpdate {
  package: string;
  installed: string;
  candidate: string;
  architecture: string;
  origins: AptOrigin[];
  /** Whether it comes from a security archive (a suite `*-security` or the label `Debian-Security`). */
  security: boolean;
}

const instLine = /^Inst (\S+) \[([^\]]+)\] \((\S+) (.*) \[([^\]]+)\]\)(?: \[.*\])?$/;

/**
 * The pending updates of an `apt-get -s upgrade` output: its `Inst` lines of packages that are installed (new
 * installs of a dist-upgrade have no `[old]` and are not updates), sorted by package; a candidate that is not newer
 * than the installed version the Debian way (a reinstall) is left out.
 */
export function parseSimulation(stdout: string): PendingUpdate[] {
  const out: PendingUpdate[] = [];
  for (const line of stdout.split('\n')) {
    const m = instLine.exec(line.trim());
    if (!m) continue;
    const [, pkg, installed, candidate, originText, architecture] = m as unknown as [string, string, string, string, string, string];
    if (compareDebianVersions(candidate, installed) <= 0) continue;
    const origins = originText.split(', ').map((o): AptOrigin => {
      const [label = '', rest = ''] = o.split(/:(.*)/s);
      const slash = rest.lastIndexOf('/');
      return { label, version: slash < 0 ? rest : rest.slice(0, slash), suite: slash < 0 ? '' : rest.slice(slash + 1) };
    });
    const security = origins.some((o) => /-security$/.test(o.suite) || /security/i.test(o.label));
    out.push({ package: pkg, installed, candidate, architecture, origins, security });
  }
  return out.sort((a, b) => a.package.localeCompare(b.package));
}

/**
 * apt's options for a server: none on a real server (its own state), on a sandbox the sandbox's dpkg status,
 * extended states and sources with the machine's lists, no cache files written and no lock taken (a simulation).
 */
export function aptOptions(gateway: Pick<ServerGateway, 'hostPath'>): string[] {
  if (!runsPrivateInstances(gateway)) return [];
  const o = (key: string, value: string) => ['-o', `${key}=${value}`];
  return [
    ...o('Dir::State::status', gateway.hostPath(dpkgStatusPath)),
    ...o('Dir::State::extended_states', gateway.hostPath(extendedStatesPath)),
    ...o('Dir::State::Lists', machineListsDir),
    ...o('Dir::Etc::sourcelist', gateway.hostPath(sourcesPath)),
    ...o('Dir::Etc::sourceparts', gateway.hostPath('/etc/apt/sources.list.d')),
    ...o('Dir::Cache::pkgcache', ''),
    ...o('Dir::Cache::srcpkgcache', ''),
    ...o('Debug::NoLocking', '1'),
  ];
}

/** Runs the simulation of `apt-get upgrade` on the server and answers its pending updates. */
export async function simulateUpgrade(gateway: ServerGateway): Promise<PendingUpdate[]> {
  const r = await gateway.run({ tool: 'apt-get', args: ['-s', '-q', ...aptOptions(gateway), 'upgrade'], timeoutMs: 120_000 });
  if (r.exitCode !== 0) throw new Error(`apt-get -s upgrade failed: ${(r.stderr || r.stdout).trim().slice(0, 2000)}`);
  return parseSimulation(r.stdout);
}

/** One record (paragraph) of a dpkg status file: its fields in order, continuation lines kept in the value. */
export type StatusRecord = [field: string, value: string][];

/** Splits a dpkg status file into records. */
export function parseStatus(text: string): StatusRecord[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const record: StatusRecord = [];
      for (const line of block.split('\n')) {
        if (/^\s/.test(line) && record.length) record[record.length - 1]![1] += `\n${line}`;
        else {
          const i = line.indexOf(':');
          record.push([line.slice(0, i), line.slice(i + 1).trim()]);
        }
      }
      return record;
    });
}

export const serializeStatus = (records: readonly StatusRecord[]): string =>
  records.map((r) => r.map(([f, v]) => (v.startsWith('\n') ? `${f}:${v}` : `${f}: ${v}`)).join('\n')).join('\n\n') + '\n';

export const fieldOf = (record: StatusRecord, field: string): string | undefined =>
  record.find(([f]) => f.toLowerCase() === field.toLowerCase())?.[1];

/** The conffiles of each installed package of a status file (`Conffiles:` lines `<path> <md5>`). */
export function conffilesOf(records: readonly StatusRecord[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of records) {
    const list = fieldOf(r, 'Conffiles');
    if (!list) continue;
    const paths = list
      .split('\n')
      .map((l) => l.trim().split(/\s+/)[0])
      .filter((p): p is string => !!p && p.startsWith('/'));
    out.set(fieldOf(r, 'Package')!, paths);
  }
  return out;
}

/**
 * The status file after the updates: each updated package's record takes the fields of its candidate as the
 * archive describes it (`apt-cache show pkg=version`: version, dependencies), keeping its status and conffiles.
 */
export function applyToStatus(
  records: readonly StatusRecord[],
  updates: readonly { package: string; candidate: string; archive?: StatusRecord }[],
): StatusRecord[] {
  const byName = new Map(updates.map((u) => [u.package, u]));
  return records.map((r) => {
    const u = byName.get(fieldOf(r, 'Package') ?? '');
    if (!u) return r;
    if (!u.archive) return r.map(([f, v]): [string, string] => [f, f === 'Version' ? u.candidate : v]);
    const keep = new Set(['Package', 'Status', 'Conffiles']);
    const taken = new Set([
      'Version',
      'Architecture',
      'Multi-Arch',
      'Depends',
      'Pre-Depends',
      'Provides',
      'Breaks',
      'Conflicts',
      'Replaces',
      'Priority',
      'Section',
      'Maintainer',
      'Source',
      'Description',
    ]);
    const fields: StatusRecord = r.filter(([f]) => keep.has(f));
    const conffiles = fields.findIndex(([f]) => f === 'Conffiles');
    const fromArchive = u.archive
      .filter(([f]) => taken.has(f))
      .map(([f, v]): [string, string] => [f, f === 'Description' ? v.split('\n')[0]! : v]);
    if (conffiles >= 0) fields.splice(conffiles, 0, ...fromArchive);
    else fields.push(...fromArchive);
    return fields;
  });
}

/** `/etc/<dir>/…` → the portal service whose configuration lives there (`/etc/nginx/nginx.conf` → nginx). */
const serviceDirs: Record<string, string> = {
  nginx: 'nginx',
  apache2: 'apache',
  mysql: 'mysql',
  redis: 'redis',
  memcached: 'memcached',
  postfix: 'postfix',
  varnish: 'varnish-ssl',
  supervisor: 'supervisor',
  tomcat10: 'tomcat',
  tomcat9: 'tomcat',
  rabbitmq: 'rabbitmq',
  elasticsearch: 'elasticsearch',
  opensearch: 'open-search',
  solr: 'solr',
  sphinxsearch: 'sphinx',
  ssh: 'ssh',
  bind: 'dns',
  cron: 'cronjobs',
  proftpd: 'ftp',
};

/** The services of `services` whose configuration directory holds one of `paths`. */
export function servicesOfConffiles(paths: readonly string[], services: readonly string[]): string[] {
  const found = new Set<string>();
  for (const p of paths) {
    const dir = /^\/etc\/([^/]+)\//.exec(p)?.[1];
    const service = dir ? serviceDirs[dir] : undefined;
    if (service && services.includes(service)) found.add(service);
  }
  return [...found].sort();
}
