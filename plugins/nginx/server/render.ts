/**
 * Renders the desired state into nginx configuration files. Pure: the same state and environment
 * give the same files. Every value a user typed has passed the rules already; the renderer checks
 * again (defence in depth) and quotes strings, so nothing typed can end a directive or open a block —
 * it throws {@link UnsafeValueError} instead of writing such a file.
 */
import type { ConfigFile } from '@portal/plugin-sdk/server';
import {
  htpasswdFiles as familyHtpasswdFiles,
  htpasswdPath as familyHtpasswdPath,
  hostPort,
  indent,
  phpSocket,
  quote,
  siteName,
  UnsafeValueError,
  certificatePaths as familyCertificatePaths,
  type ListenAddress,
  type RenderEnv,
} from '@portal/plugin-sdk/webserver';
import { directiveValueValid, documentRootValid, locationPathValid, proxyKeyPattern, proxyPathValid, proxyTimeout, realmPattern, redirectTargetValid, serverNamePattern, slotPath, upstreamValid, webRoot, type IncludeSlot } from '../shared/options.ts';
import type { ProxyLocationState } from '@portal/plugin-sdk/webserver';
import type { AuthenticationState, NginxState, VhostState } from './state.ts';

export { quote, renderHtpasswd, siteName, UnsafeValueError, type ListenAddress, type RenderEnv } from '@portal/plugin-sdk/webserver';

export const paths = {
  main: '/etc/nginx/conf.d/portal.conf',
  fastcgi: '/etc/nginx/portal/fastcgi.conf',
  proxy: '/etc/nginx/portal/proxy.conf',
  sitesDir: '/etc/nginx/portal/sites',
  htpasswdDir: '/etc/nginx/portal/htpasswd',
  /** The include slots of the sites: the customer's files, never written by an apply (`preserved` in program.ts). */
  slotsDir: '/etc/nginx/portal-slots',
  certificatesDir: '/etc/ssl/portal',
  logDir: '/var/log/nginx',
} as const;

const header = '# Managed by the customer portal (Managed Center, nginx). Changes made here are overwritten by the next apply.\n';

/** A path of the server, as nginx there sees it, quoted. */
const serverPath = (env: RenderEnv, path: string) => quote(env.hostPath(path), 'path');

export const sitePath = (vhost: Pick<VhostState, 'serverNames'>) => `${paths.sitesDir}/${siteName(vhost)}.conf`;
export const logPath = (vhost: Pick<VhostState, 'serverNames'>, kind: 'access' | 'error') => `${paths.logDir}/${siteName(vhost)}.${kind}.log`;
export const certificatePaths = (id: string) => familyCertificatePaths(paths.certificatesDir, id);

/**
 * An include slot of a site: `include` of the slot's file, written as a pattern (`….con[f]`) so nginx
 * accepts a slot nobody has filled yet (a pattern may match nothing; a plain file name must exist).
 */
function slotLines(env: RenderEnv, vhost: VhostState, slot: IncludeSlot): string[] {
  const file = slotPath(paths.slotsDir, siteName(vhost), slot);
  return [`# Include slot ${slot}: your own directives in ${file} (kept by every apply)`, `include ${quote(env.hostPath(file).replace(/f$/, '[f]'), 'path')};`];
}

/** Where an authentication's password file lives (named after its content: the family's `htpasswdPath`). */
export const htpasswdPath = (auth: Pick<AuthenticationState, 'id' | 'users'>): string => familyHtpasswdPath(paths.htpasswdDir, auth);

const listen = (address: ListenAddress, extra = ''): string => `listen ${hostPort(address)}${extra};`;

/** The file of the whole http level: the log format, the default server, the sites. */
export function renderMain(env: RenderEnv): string {
  return `${header}
# One JSON object per request; the portal's log view reads it.
log_format portal_json escape=json '{"time":"$time_iso8601","client":"$remote_addr","user":"$remote_user","host":"$host","method":"$request_method","uri":"$request_uri","protocol":"$server_protocol","status":$status,"bytes":$body_bytes_sent,"referer":"$http_referer","agent":"$http_user_agent","duration":$request_time}';
server_names_hash_bucket_size 256;

# Websocket upgrades through the proxy locations: "upgrade" when the client asks for one, else a kept-alive connection.
map $http_upgrade $portal_connection_upgrade {
    default upgrade;
    '' '';
}

# Requests for a host name that no domain serves.
server {
    ${listen(env.listen, ' default_server')}
    server_name _;
    access_log ${serverPath(env, `${paths.logDir}/default.access.log`)} portal_json;
    return 404;
}

include ${quote(`${env.hostPath(paths.sitesDir)}/*.conf`, 'path')};
`;
}

export function renderFastcgi(): string {
  return `${header}
fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
fastcgi_param QUERY_STRING $query_string;
fastcgi_param REQUEST_METHOD $request_method;
fastcgi_param CONTENT_TYPE $content_type;
fastcgi_param CONTENT_LENGTH $content_length;
fastcgi_param SCRIPT_NAME $fastcgi_script_name;
fastcgi_param REQUEST_URI $request_uri;
fastcgi_param DOCUMENT_URI $document_uri;
fastcgi_param DOCUMENT_ROOT $document_root;
fastcgi_param SERVER_PROTOCOL $server_protocol;
fastcgi_param REQUEST_SCHEME $scheme;
fastcgi_param HTTPS $https if_not_empty;
fastcgi_param GATEWAY_INTERFACE CGI/1.1;
fastcgi_param SERVER_SOFTWARE nginx;
fastcgi_param REMOTE_ADDR $remote_addr;
fastcgi_param REMOTE_PORT $remote_port;
fastcgi_param REMOTE_USER $remote_user;
fastcgi_param SERVER_ADDR $server_addr;
fastcgi_param SERVER_PORT $server_port;
fastcgi_param SERVER_NAME $server_name;
fastcgi_param REDIRECT_STATUS 200;
fastcgi_param HTTP_PROXY "";
`;
}

export function renderProxy(): string {
  return `${header}
proxy_http_version 1.1;
proxy_set_header Host $host;
proxy_set_header X-Real-IP $remote_addr;
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
proxy_set_header X-Forwarded-Proto $scheme;
proxy_set_header Connection "";
`;
}

function phpLocation(env: RenderEnv, vhost: VhostState): string[] {
  if (!vhost.phpVersion) throw new UnsafeValueError('PHP version', String(vhost.phpVersion));
  return [
    'location ~ \\.php$ {',
    '    try_files $fastcgi_script_name =404;',
    `    fastcgi_pass ${quote(`unix:${env.hostPath(phpSocket(vhost.phpVersion))}`, 'path')};`,
    `    include ${serverPath(env, paths.fastcgi)};`,
    '}',
  ];
}

const denyHidden = ['location ~ /\\.(?!well-known/) {', '    deny all;', '}'];

/** What serves a request inside a location (or the server's `location /`). */
function backendLines(env: RenderEnv, vhost: VhostState, nested: boolean): string[] {
  switch (vhost.backend) {
    case 'static':
      return ['try_files $uri $uri/ =404;'];
    case 'php':
      return ['try_files $uri $uri/ /index.php?$query_string;', ...(nested ? ['', ...phpLocation(env, vhost), ...denyHidden] : [])];
    case 'upstream': {
      if (!vhost.upstream || !upstreamValid(vhost.upstream)) throw new UnsafeValueError('upstream', String(vhost.upstream));
      return [`proxy_pass http://${vhost.upstream};`, `include ${serverPath(env, paths.proxy)};`];
    }
  }
}

/** The `upstream` block of a proxy location: its servers, balanced round-robin, with idle connections kept. */
export const proxyUpstreamName = (p: Pick<ProxyLocationState, 'key'>) => {
  if (!proxyKeyPattern.test(p.key)) throw new UnsafeValueError('proxy key', p.key);
  return `portal_proxy_${p.key.replace(/-/g, '_')}`;
};

function proxyUpstream(p: ProxyLocationState): string[] {
  if (!p.upstreams.length) throw new UnsafeValueError('proxy upstreams', '');
  for (const u of p.upstreams) if (!upstreamValid(u)) throw new UnsafeValueError('upstream', u);
  return [`# Proxy location ${p.key}`, `upstream ${proxyUpstreamName(p)} {`, ...p.upstreams.map((u) => `    server ${u};`), '    keepalive 8;', '}', ''];
}

/** What forwards a request to a proxy location's upstreams (the matched prefix stripped: `proxy_pass` with `/`). */
function proxyLines(p: ProxyLocationState): string[] {
  const t = p.timeoutSeconds;
  if (!Number.isInteger(t) || t < proxyTimeout.min || t > proxyTimeout.max) throw new UnsafeValueError('proxy timeout', String(t));
  return [
    `proxy_pass http://${proxyUpstreamName(p)}/;`,
    'proxy_http_version 1.1;',
    'proxy_set_header Host $host;',
    'proxy_set_header X-Real-IP $remote_addr;',
    'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    'proxy_set_header X-Forwarded-Proto $scheme;',
    ...(p.websocket ? ['proxy_set_header Upgrade $http_upgrade;', 'proxy_set_header Connection $portal_connection_upgrade;'] : ['proxy_set_header Connection "";']),
    'proxy_connect_timeout 5s;',
    `proxy_read_timeout ${t}s;`,
    `proxy_send_timeout ${t}s;`,
  ];
}

/** The longest of `items` whose path is a prefix of `path` (the location nginx would choose among them). */
function covering<T extends { path: string }>(items: readonly T[], path: string): T | undefined {
  return items.filter((x) => path.startsWith(x.path)).sort((a, b) => b.path.length - a.path.length)[0];
}

function directiveLine(d: { name: string; value: string }): string {
  if (!directiveValueValid(d.name, d.value)) throw new UnsafeValueError(`directive ${d.name}`, d.value);
  if (d.name === 'add_header') {
    const space = d.value.indexOf(' ');
    return `add_header ${d.value.slice(0, space)} ${quote(d.value.slice(space + 1).trim(), 'header value')} always;`;
  }
  return `${d.name} ${d.value};`;
}

function authLines(env: RenderEnv, auth: AuthenticationState): string[] {
  if (!realmPattern.test(auth.realm)) throw new UnsafeValueError('realm', auth.realm);
  return [`auth_basic ${quote(auth.realm, 'realm')};`, `auth_basic_user_file ${serverPath(env, htpasswdPath(auth))};`];
}

/** One domain's `server` block. */
export function renderVhost(vhost: VhostState, env: RenderEnv): string {
  for (const name of vhost.serverNames) if (!serverNamePattern.test(name)) throw new UnsafeValueError('server name', name);
  if (!documentRootValid(vhost.documentRoot)) throw new UnsafeValueError('document root', vhost.documentRoot);
  const tls = !!vhost.certificate && env.certificates.has(vhost.certificate);
  const rootAuth = vhost.authentications.find((a) => a.path === '/');
  const lines: string[] = [listen(env.listen)];
  if (tls) lines.push(listen(env.tlsListen, ' ssl'));
  lines.push(`server_name ${vhost.serverNames.join(' ')};`);
  lines.push(`root ${serverPath(env, `${webRoot}/${vhost.documentRoot}`)};`);
  if (vhost.backend !== 'upstream' && !vhost.directives.some((d) => d.name === 'index'))
    lines.push(vhost.backend === 'php' ? 'index index.php index.html index.htm;' : 'index index.html index.htm;');
  lines.push('', `access_log ${serverPath(env, logPath(vhost, 'access'))} portal_json;`, `error_log ${serverPath(env, logPath(vhost, 'error'))};`);
  if (tls) {
    const files = certificatePaths(vhost.certificate!);
    lines.push('', `ssl_certificate ${serverPath(env, files.cert)};`, `ssl_certificate_key ${serverPath(env, files.key)};`);
  } else if (vhost.certificate) {
    lines.push('', `# TLS certificate ${vhost.certificate} is not installed on this server: HTTPS is left out.`);
  }
  if (vhost.directives.length) lines.push('', '# Additional directives', ...vhost.directives.map(directiveLine));
  if (rootAuth) lines.push('', '# Basic authentication for the whole domain', ...authLines(env, rootAuth));
  lines.push('', ...slotLines(env, vhost, 'before-locations'));

  if (vhost.redirects.length) {
    lines.push('', '# Redirects');
    for (const r of vhost.redirects) {
      if (!locationPathValid(r.source)) throw new UnsafeValueError('redirect source', r.source);
      if (!redirectTargetValid(r.target) || ![301, 302, 307, 308].includes(r.code)) throw new UnsafeValueError('redirect target', r.target);
      lines.push(`location = ${quote(r.source, 'redirect source')} {`, `    return ${r.code} ${quote(r.target, 'redirect target')};`, '}');
    }
  }

  const prefixed = vhost.authentications.filter((a) => a.path !== '/');
  if (prefixed.length) {
    lines.push('', '# Basic authentication');
    for (const a of prefixed) {
      if (!locationPathValid(a.path)) throw new UnsafeValueError('protected path', a.path);
      // `^~`: no regex location (PHP, hidden files) can take a request below the path past the authentication.
      const proxy = covering(vhost.proxyLocations, a.path);
      lines.push(`location ^~ ${quote(a.path, 'protected path')} {`, ...indent([...authLines(env, a), ...(proxy ? proxyLines(proxy) : backendLines(env, vhost, true))], 1), '}');
    }
  }

  const proxied = vhost.proxyLocations.filter((p) => p.path !== '/');
  if (proxied.length) {
    lines.push('', '# Proxy locations');
    for (const p of proxied) {
      if (!proxyPathValid(p.path)) throw new UnsafeValueError('proxy path', p.path);
      // `^~`: no regex location takes a request below the path; the longest authentication above it protects it.
      const auth = covering(prefixed, p.path);
      lines.push(`location ^~ ${quote(p.path, 'proxy path')} {`, ...indent([...(auth ? authLines(env, auth) : []), ...proxyLines(p)], 1), '}');
    }
  }

  lines.push('', ...denyHidden);
  const rootProxy = vhost.proxyLocations.find((p) => p.path === '/');
  lines.push('', 'location / {', ...indent(rootProxy ? proxyLines(rootProxy) : backendLines(env, vhost, false), 1), '}');
  if (vhost.backend === 'php') lines.push('', ...phpLocation(env, vhost));
  lines.push('', ...slotLines(env, vhost, 'server-end'));

  const upstreams = vhost.proxyLocations.flatMap(proxyUpstream).join('\n');
  return `${header}# Domain ${vhost.id}: ${vhost.serverNames[0]}\n${upstreams}server {\n${indent(lines, 1).join('\n')}\n}\n`;
}

/** Every file of the plugin on the server (sorted by path). Password files are written separately (see {@link htpasswdFiles}). */
export function renderConfig(state: NginxState, env: RenderEnv): ConfigFile[] {
  const files: ConfigFile[] = [
    { path: paths.main, content: renderMain(env) },
    { path: paths.fastcgi, content: renderFastcgi() },
    { path: paths.proxy, content: renderProxy() },
    ...state.vhosts.map((v) => ({ path: sitePath(v), content: renderVhost(v, env) })),
  ];
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/** The password files the configuration refers to (the family's `htpasswdFiles` in nginx's directory). */
export const htpasswdFiles = (state: NginxState): ConfigFile[] => familyHtpasswdFiles(paths.htpasswdDir, state);
