/**
 * Renders the desired state into apache configuration files. Pure: the same state and environment give the
 * same files. Every value a user typed has passed the rules already; the renderer checks again (defence in
 * depth) and quotes strings, so nothing typed can end a directive or open a section — it throws
 * {@link UnsafeValueError} instead of writing such a file. Quoting, password files, certificates and the site
 * names are the web server family's (@portal/plugin-sdk/webserver).
 */
import type { ConfigFile } from '@portal/plugin-sdk/server';
import {
  certificatePaths as familyCertificatePaths,
  hostPort,
  htpasswdPath as familyHtpasswdPath,
  indent,
  phpSocket,
  quote,
  siteName,
  UnsafeValueError,
  type RenderEnv,
  type WebServerState,
} from '@portal/plugin-sdk/webserver';
import { directiveValueValid, documentRootValid, locationPathValid, proxyKeyPattern, proxyPathValid, proxyTimeout, realmPattern, redirectTargetValid, serverNamePattern, slotPath, upstreamValid, webRoot, type IncludeSlot } from '../shared/options.ts';
import type { AuthenticationState, ProxyLocationState, VhostState } from '@portal/plugin-sdk/webserver';
import { portalConfPath, portalDir } from './program.ts';

export const paths = {
  main: portalConfPath,
  sitesDir: `${portalDir}/sites`,
  htpasswdDir: `${portalDir}/htpasswd`,
  /** The include slots of the sites: the customer's files, never written by an apply (`preserved` in program.ts). */
  slotsDir: '/etc/apache2/portal-slots',
  certificatesDir: '/etc/apache2/portal-ssl',
  logDir: '/var/log/apache2',
} as const;

const header = '# Managed by the customer portal (Managed Center, apache). Changes made here are overwritten by the next apply.\n';

/** A path of the server, as apache there sees it, quoted. */
const serverPath = (env: RenderEnv, path: string) => quote(env.hostPath(path), 'path');

export const sitePath = (vhost: Pick<VhostState, 'serverNames'>) => `${paths.sitesDir}/${siteName(vhost)}.conf`;
export const logPath = (vhost: Pick<VhostState, 'serverNames'>, kind: 'access' | 'error') => `${paths.logDir}/${siteName(vhost)}.${kind}.log`;
export const htpasswdPath = (auth: Pick<AuthenticationState, 'id' | 'users'>) => familyHtpasswdPath(paths.htpasswdDir, auth);
export const certificatePaths = (id: string) => familyCertificatePaths(paths.certificatesDir, id);

/**
 * A redirect source as an anchored regular expression of `RedirectMatch` (an exact match, like nginx's
 * `location =`), unquoted: the source has passed `locationPathValid` (no spaces, quotes or regex groups), and
 * its `.`, `*` and `+` become character classes.
 */
function exactPath(path: string): string {
  if (!locationPathValid(path)) throw new UnsafeValueError('redirect source', path);
  return `^${path.replace(/[.*+]/g, '[$&]')}$`;
}

/**
 * The access log format of the family (one JSON object per request; the log view reads it). apache escapes
 * quotes and backslashes in the header fields; `%{ms}T` is the duration in milliseconds.
 */
const logFormat = String.raw`LogFormat "{\"time\":\"%{%Y-%m-%dT%H:%M:%S%z}t\",\"client\":\"%a\",\"user\":\"%u\",\"host\":\"%{Host}i\",\"method\":\"%m\",\"uri\":\"%U%q\",\"protocol\":\"%H\",\"status\":%>s,\"bytes\":%B,\"referer\":\"%{Referer}i\",\"agent\":\"%{User-Agent}i\",\"durationMs\":%{ms}T}" portal_json`;

/** The server level: where apache listens (HTTPS only when a site has its certificate), the log format, a default site for unknown hosts, the sites. */
export function renderMain(env: RenderEnv, tls = false): string {
  return `${header}
Listen ${hostPort(env.listen)}
${tls ? `Listen ${hostPort(env.tlsListen)} https\n` : ''}# One JSON object per request; the portal's log view reads it.
${logFormat}
# Requests for a host name that no site serves (the first virtual host of an address answers them).
<VirtualHost ${hostPort(env.listen)}>
    ServerName default.invalid
    CustomLog ${serverPath(env, `${paths.logDir}/default.access.log`)} portal_json
    Redirect 404 /
</VirtualHost>
IncludeOptional ${quote(`${env.hostPath(paths.sitesDir)}/*.conf`, 'path')}
`;
}

function directiveLine(d: { name: string; value: string }): string {
  if (!directiveValueValid(d.name, d.value)) throw new UnsafeValueError(`directive ${d.name}`, d.value);
  if (d.name === 'Header') {
    const space = d.value.indexOf(' ');
    return `Header always set ${d.value.slice(0, space)} ${quote(d.value.slice(space + 1).trim(), 'header value')}`;
  }
  // A value of several words is one argument: quoted (the grammar leaves nothing that could end the string).
  return d.name === 'ExpiresDefault' ? `${d.name} ${quote(d.value)}` : `${d.name} ${d.value}`;
}

function authLines(env: RenderEnv, auth: AuthenticationState): string[] {
  if (!realmPattern.test(auth.realm)) throw new UnsafeValueError('realm', auth.realm);
  return ['AuthType Basic', `AuthName ${quote(auth.realm, 'realm')}`, `AuthUserFile ${serverPath(env, htpasswdPath(auth))}`, 'Require valid-user'];
}

/** What serves the site: files, PHP-FPM of the site's version (through its socket), or a proxied upstream. */
function backendLines(env: RenderEnv, vhost: VhostState): string[] {
  switch (vhost.backend) {
    case 'static':
      return [];
    case 'php': {
      const socket = env.hostPath(phpSocket(vhost.phpVersion ?? ''));
      return ['# PHP-FPM ' + vhost.phpVersion, '<FilesMatch "\\.php$">', `    SetHandler ${quote(`proxy:unix:${socket}|fcgi://localhost`, 'PHP socket')}`, '</FilesMatch>'];
    }
    case 'upstream': {
      if (!vhost.upstream || !upstreamValid(vhost.upstream)) throw new UnsafeValueError('upstream', String(vhost.upstream));
      const url = quote(`http://${vhost.upstream}/`, 'upstream');
      return ['ProxyPreserveHost On', `ProxyPass "/" ${url}`, `ProxyPassReverse "/" ${url}`];
    }
  }
}

/**
 * A proxy location: `ProxyPass` of its path (the prefix stripped) to its upstream, or to a balancer of its
 * upstreams; websocket upgrades with `upgrade=websocket` (mod_proxy_http, apache ≥ 2.4.47). `ProxyPass` takes the
 * first match, so the renderer writes the longest paths first.
 */
export function proxyLocationLines(p: ProxyLocationState): string[] {
  if (!proxyKeyPattern.test(p.key)) throw new UnsafeValueError('proxy key', p.key);
  if (!proxyPathValid(p.path)) throw new UnsafeValueError('proxy path', p.path);
  if (!p.upstreams.length) throw new UnsafeValueError('proxy upstreams', '');
  for (const u of p.upstreams) if (!upstreamValid(u)) throw new UnsafeValueError('upstream', u);
  const t = p.timeoutSeconds;
  if (!Number.isInteger(t) || t < proxyTimeout.min || t > proxyTimeout.max) throw new UnsafeValueError('proxy timeout', String(t));
  const params = `timeout=${t}${p.websocket ? ' upgrade=websocket' : ''}`;
  const path = quote(p.path, 'proxy path');
  if (p.upstreams.length === 1) {
    const url = quote(`http://${p.upstreams[0]}/`, 'upstream');
    return [`# Proxy location ${p.key}`, `ProxyPass ${path} ${url} ${params}`, `ProxyPassReverse ${path} ${url}`];
  }
  const balancer = `balancer://portal-proxy-${p.key}`;
  return [
    `# Proxy location ${p.key}`,
    `<Proxy ${quote(balancer)}>`,
    ...p.upstreams.map((u) => `    BalancerMember ${quote(`http://${u}`, 'upstream')} ${params}`),
    '</Proxy>',
    `ProxyPass ${path} ${quote(`${balancer}/`)}`,
    `ProxyPassReverse ${path} ${quote(`${balancer}/`)}`,
  ];
}

/** The part of a site both its HTTP and HTTPS virtual host have. */
function siteBody(vhost: VhostState, env: RenderEnv): string[] {
  const root = `${webRoot}/${vhost.documentRoot}`;
  const slot = (name: IncludeSlot) => {
    const file = slotPath(paths.slotsDir, siteName(vhost), name);
    return [`# Include slot ${name}: your own directives in ${file} (kept by every apply)`, `IncludeOptional ${serverPath(env, file)}`];
  };
  const lines = [`ServerName ${vhost.serverNames[0]}`];
  if (vhost.serverNames.length > 1) lines.push(`ServerAlias ${vhost.serverNames.slice(1).join(' ')}`);
  lines.push(`DocumentRoot ${serverPath(env, root)}`, `<Directory ${serverPath(env, root)}>`, '    Options -Indexes +FollowSymLinks', '    AllowOverride None', '    Require all granted', '</Directory>');
  if (!vhost.directives.some((d) => d.name === 'DirectoryIndex')) lines.push(vhost.backend === 'php' ? 'DirectoryIndex index.php index.html' : 'DirectoryIndex index.html');
  lines.push('', `CustomLog ${serverPath(env, logPath(vhost, 'access'))} portal_json`, `ErrorLog ${serverPath(env, logPath(vhost, 'error'))}`);
  if (vhost.proxyLocations.length) {
    const longestFirst = [...vhost.proxyLocations].sort((a, b) => b.path.length - a.path.length || a.path.localeCompare(b.path));
    lines.push('', 'ProxyPreserveHost On', ...longestFirst.flatMap(proxyLocationLines));
  }
  const backend = backendLines(env, vhost);
  if (backend.length) lines.push('', ...backend);
  if (vhost.directives.length) lines.push('', '# Additional directives', ...vhost.directives.map(directiveLine));
  lines.push('', ...slot('before-locations'));
  if (vhost.redirects.length) {
    lines.push('', '# Redirects');
    for (const r of vhost.redirects) {
      if (!locationPathValid(r.source)) throw new UnsafeValueError('redirect source', r.source);
      if (!redirectTargetValid(r.target) || ![301, 302, 307, 308].includes(r.code)) throw new UnsafeValueError('redirect target', r.target);
      lines.push(`RedirectMatch ${r.code} ${exactPath(r.source)} ${quote(r.target, 'redirect target')}`);
    }
  }
  if (vhost.authentications.length) {
    lines.push('', '# Basic authentication');
    for (const a of vhost.authentications) {
      if (!locationPathValid(a.path)) throw new UnsafeValueError('protected path', a.path);
      lines.push(`<Location ${quote(a.path, 'protected path')}>`, ...indent(authLines(env, a), 1), '</Location>');
    }
  }
  lines.push('', '# Hidden files (.git, .env, …) are never served', '<LocationMatch "/\\.(?!well-known/)">', '    Require all denied', '</LocationMatch>');
  lines.push('', ...slot('server-end'));
  return lines;
}

/** One site's virtual hosts: HTTP, and HTTPS when its certificate is on the server. */
export function renderVhost(vhost: VhostState, env: RenderEnv): string {
  for (const name of vhost.serverNames) if (!serverNamePattern.test(name)) throw new UnsafeValueError('server name', name);
  if (!documentRootValid(vhost.documentRoot)) throw new UnsafeValueError('document root', vhost.documentRoot);
  const body = siteBody(vhost, env);
  const tls = !!vhost.certificate && env.certificates.has(vhost.certificate);
  let out = `${header}# Site ${vhost.id}: ${vhost.serverNames[0]}\n<VirtualHost ${hostPort(env.listen)}>\n${indent(body, 1).join('\n')}\n</VirtualHost>\n`;
  if (tls) {
    const files = certificatePaths(vhost.certificate!);
    const ssl = ['SSLEngine on', `SSLCertificateFile ${serverPath(env, files.cert)}`, `SSLCertificateKeyFile ${serverPath(env, files.key)}`, ''];
    out += `<VirtualHost ${hostPort(env.tlsListen)}>\n${indent([...ssl, ...body], 1).join('\n')}\n</VirtualHost>\n`;
  } else if (vhost.certificate) {
    out += `# TLS certificate ${vhost.certificate} is not installed on this server: HTTPS is left out.\n`;
  }
  return out;
}

/** Every file of the plugin on the server (sorted by path). Password files are added by the family. */
export function renderConfig(state: WebServerState, env: RenderEnv): ConfigFile[] {
  const tls = state.vhosts.some((v) => !!v.certificate && env.certificates.has(v.certificate));
  const files: ConfigFile[] = [{ path: paths.main, content: renderMain(env, tls) }, ...state.vhosts.map((v) => ({ path: sitePath(v), content: renderVhost(v, env) }))];
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
