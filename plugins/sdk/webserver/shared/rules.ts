/**
 * The family's rules on top of the contract: what makes a site, a redirect or an authentication invalid
 * on this server (duplicate server names, loops, unknown directives, …). Each returns field errors keyed
 * by the request's property path (`serverNames.1`, `directives.0.value`); empty means valid. Error keys are
 * the plugin's (`<id>:errors.<name>`), so each web server can word them; the directives are the dialect's.
 */
import type { FieldErrors } from '../../errors.ts';
import {
  backends,
  documentRootValid,
  locationPathValid,
  maxServerNames,
  normalizeServerName,
  maxProxyUpstreams,
  passwordLength,
  phpVersions,
  proxyKeyPattern,
  proxyPathValid,
  proxyTimeout,
  realmPattern,
  redirectCodes,
  redirectTargetValid,
  serverNamePattern,
  upstreamValid,
  userNamePattern,
  type Backend,
  type DirectiveSpec,
  type DirectiveWhitelist,
} from './options.ts';
import { findLoops, type LoopRedirect } from './loops.ts';
import type { VhostState } from './state.ts';

export interface VhostInput {
  serverNames: string[];
  documentRoot: string;
  backend: Backend;
  phpVersion?: string | null;
  upstream?: string | null;
  certificate?: string | null;
  directives?: { name: string; value: string }[];
}

export interface RedirectInput {
  vhostId: number;
  source: string;
  target: string;
  code: number;
}

export interface AuthenticationInput {
  vhostId: number;
  path: string;
  realm: string;
  users: { name: string; password?: string }[];
}

/** A proxy location as published (`publish<Pascal>ProxyLocation`): the key is the operation's path parameter. */
export interface ProxyLocationInput {
  vhostId: number;
  path: string;
  upstreams: string[];
  websocket?: boolean;
  timeoutSeconds?: number;
}

class Errors {
  readonly fields: FieldErrors = {};
  add(field: string, key: string): void {
    const list = (this.fields[field] ??= []);
    if (!list.includes(key)) list.push(key);
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
}

/** The domain as it will be stored: names lowercased, fields of other backends cleared. */
export function normalizeVhost(input: VhostInput): Required<VhostInput> {
  return {
    serverNames: input.serverNames.map(normalizeServerName),
    documentRoot: input.documentRoot.trim().replace(/\/+$/, ''),
    backend: input.backend,
    phpVersion: input.backend === 'php' ? (input.phpVersion ?? null) : null,
    upstream: input.backend === 'upstream' ? (input.upstream?.trim() ?? null) : null,
    certificate: input.certificate ?? null,
    directives: (input.directives ?? []).map((d) => ({ name: d.name, value: d.value.trim() })),
  };
}

const redirectsOf = (vhosts: readonly VhostState[]): LoopRedirect[] =>
  vhosts.flatMap((v) => v.redirects.map((r) => ({ id: r.id, vhostId: v.id, source: r.source, target: r.target })));

/** The checks of a site and its parts: what the contract cannot say. */
export interface SiteRules {
  checkVhost(vhost: Required<VhostInput>, all: readonly VhostState[], selfId?: number, allowedCertificates?: readonly string[]): FieldErrors;
  checkRedirect(input: RedirectInput, all: readonly VhostState[], selfId?: number): FieldErrors;
  checkAuthentication(input: AuthenticationInput, all: readonly VhostState[], selfId?: number, knownUsers?: readonly string[]): FieldErrors;
  checkProxyLocation(key: string, input: ProxyLocationInput, all: readonly VhostState[]): FieldErrors;
}

/** The rules of a web server: its error namespace (the plugin id) and its directive whitelist. */
export function siteRules(namespace: string, directives: DirectiveWhitelist): SiteRules {
  const key = (name: string) => `${namespace}:errors.${name}`;
  return { checkVhost, checkRedirect, checkAuthentication, checkProxyLocation };

  /**
   * A domain (already normalized) against the server's other domains: valid names, none used twice
   * on the server, a document root below the web root, the backend's own field, a certificate of `allowedCertificates` (the server's customer's),
   * whitelisted directives with valid values, and no redirect loop made possible by the new names.
   */
  function checkVhost(vhost: Required<VhostInput>, all: readonly VhostState[], selfId?: number, allowedCertificates: readonly string[] = []): FieldErrors {
    const e = new Errors();
    const others = all.filter((v) => v.id !== selfId);
    const taken = new Set(others.flatMap((v) => v.serverNames));
    if (vhost.serverNames.length > maxServerNames) e.add('serverNames', 'validation.maxItems');
    vhost.serverNames.forEach((name, i) => {
      if (!serverNamePattern.test(name) || name.length > 253) e.add(`serverNames.${i}`, key('server_name_invalid'));
      else if (vhost.serverNames.indexOf(name) !== i) e.add(`serverNames.${i}`, key('server_name_duplicate'));
      else if (taken.has(name)) e.add(`serverNames.${i}`, key('server_name_taken'));
    });
    if (!documentRootValid(vhost.documentRoot)) e.add('documentRoot', key('document_root_invalid'));
    if (!backends.includes(vhost.backend)) e.add('backend', 'validation.enum');
    if (vhost.backend === 'php' && !phpVersions.includes(vhost.phpVersion as (typeof phpVersions)[number])) e.add('phpVersion', key('php_version_required'));
    if (vhost.backend === 'upstream') {
      if (!vhost.upstream) e.add('upstream', key('upstream_required'));
      else if (!upstreamValid(vhost.upstream)) e.add('upstream', key('upstream_invalid'));
    }
    // Another customer's certificate gets the same answer as an unknown one: which exist is not revealed.
    if (vhost.certificate !== null && !allowedCertificates.includes(vhost.certificate)) e.add('certificate', key('certificate_unknown'));
    if (vhost.directives.length > directives.max) e.add('directives', 'validation.maxItems');
    const seen = new Set<string>();
    vhost.directives.forEach((d, i) => {
      const spec = (directives.specs as Record<string, DirectiveSpec>)[d.name];
      if (!spec) return e.add(`directives.${i}.name`, key('directive_unknown'));
      if (!spec.repeatable && seen.has(d.name)) e.add(`directives.${i}.name`, key('directive_duplicate'));
      seen.add(d.name);
      if (!directives.valid(d.name, d.value)) e.add(`directives.${i}.value`, key('directive_value_invalid'));
    });
    if (e.empty) {
      const candidate = { id: selfId ?? -1, serverNames: vhost.serverNames };
      const vhosts = [...others, candidate];
      const redirects = redirectsOf(all).map((r) => (r.vhostId === selfId ? { ...r, vhostId: candidate.id } : r));
      if (findLoops(vhosts, redirects).size) e.add('serverNames', key('server_names_make_loop'));
    }
    return e.fields;
  }

  /** A redirect: a known domain, a valid source not redirected there yet, a valid target, a code, no loop. */
  function checkRedirect(input: RedirectInput, all: readonly VhostState[], selfId?: number): FieldErrors {
    const e = new Errors();
    const vhost = all.find((v) => v.id === input.vhostId);
    if (!vhost) e.add('vhostId', key('vhost_unknown'));
    if (!locationPathValid(input.source)) e.add('source', key('path_invalid'));
    else if (vhost?.redirects.some((r) => r.id !== selfId && r.source === input.source)) e.add('source', key('redirect_source_taken'));
    if (!redirectTargetValid(input.target)) e.add('target', key('redirect_target_invalid'));
    if (!(redirectCodes as readonly number[]).includes(input.code)) e.add('code', 'validation.enum');
    if (e.empty) {
      const id = selfId ?? -1;
      const redirects = [...redirectsOf(all).filter((r) => r.id !== selfId), { id, vhostId: input.vhostId, source: input.source, target: input.target }];
      if (findLoops(all, redirects).has(id)) e.add('target', key('redirect_loop'));
    }
    return e.fields;
  }

  /** Basic authentication: a known domain, a valid path not protected yet, a realm, users with unique names and a password for each new one. */
  function checkAuthentication(input: AuthenticationInput, all: readonly VhostState[], selfId?: number, knownUsers: readonly string[] = []): FieldErrors {
    const e = new Errors();
    const vhost = all.find((v) => v.id === input.vhostId);
    if (!vhost) e.add('vhostId', key('vhost_unknown'));
    if (!locationPathValid(input.path)) e.add('path', key('path_invalid'));
    else if (vhost?.authentications.some((a) => a.id !== selfId && a.path === input.path)) e.add('path', key('auth_path_taken'));
    // nginx would see two locations of one path; put the authentication on the proxy location's path without its `/`, or above it.
    else if (input.path !== '/' && vhost?.proxyLocations.some((p) => p.path === input.path)) e.add('path', key('proxy_path_taken'));
    if (!realmPattern.test(input.realm) || input.realm.trim() !== input.realm) e.add('realm', key('realm_invalid'));
    input.users.forEach((u, i) => {
      if (!userNamePattern.test(u.name)) e.add(`users.${i}.name`, key('user_name_invalid'));
      else if (input.users.findIndex((x) => x.name === u.name) !== i) e.add(`users.${i}.name`, key('user_name_duplicate'));
      if (u.password === undefined || u.password === '') {
        if (!knownUsers.includes(u.name)) e.add(`users.${i}.password`, key('password_required'));
      } else if (u.password.length < passwordLength.min || u.password.length > passwordLength.max) e.add(`users.${i}.password`, key('password_length'));
      // eslint-disable-next-line no-control-regex -- a browser cannot send control characters in basic authentication
      else if (/[\u0000-\u001f\u007f]/.test(u.password)) e.add(`users.${i}.password`, key('password_invalid'));
    });
    return e.fields;
  }

  /**
   * A proxy location published under `key`: a known site, a path ending with `/` that no other proxy location or
   * authentication of the site has (the key's own location may move), 1–8 distinct `host:port` upstreams, a timeout.
   */
  function checkProxyLocation(proxyKey: string, input: ProxyLocationInput, all: readonly VhostState[]): FieldErrors {
    const e = new Errors();
    if (!proxyKeyPattern.test(proxyKey)) e.add('key', key('proxy_key_invalid'));
    const vhost = all.find((v) => v.id === input.vhostId);
    if (!vhost) e.add('vhostId', key('vhost_unknown'));
    if (!proxyPathValid(input.path)) e.add('path', key('proxy_path_invalid'));
    else if (vhost?.proxyLocations.some((p) => p.key !== proxyKey && p.path === input.path)) e.add('path', key('proxy_path_taken'));
    else if (input.path !== '/' && vhost?.authentications.some((a) => a.path === input.path)) e.add('path', key('proxy_path_taken'));
    if (!input.upstreams.length || input.upstreams.length > maxProxyUpstreams) e.add('upstreams', 'validation.maxItems');
    input.upstreams.forEach((u, i) => {
      if (!upstreamValid(u)) e.add(`upstreams.${i}`, key('upstream_invalid'));
      else if (input.upstreams.indexOf(u) !== i) e.add(`upstreams.${i}`, key('upstream_duplicate'));
    });
    const t = input.timeoutSeconds ?? proxyTimeout.default;
    if (!Number.isInteger(t) || t < proxyTimeout.min || t > proxyTimeout.max) e.add('timeoutSeconds', key('proxy_timeout_invalid'));
    return e.fields;
  }
}
