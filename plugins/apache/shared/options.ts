/**
 * The apache dialect's options: its whitelist of additional directives. What a site may be made of
 * otherwise is the web server family's (`@portal/plugin-sdk/webserver/shared`), re-exported here for the
 * section's forms. No Node or browser APIs here.
 */
import { directiveWhitelist, type DirectiveSpec, type DirectiveWhitelist } from '@portal/plugin-sdk/webserver/shared';

export * from '@portal/plugin-sdk/webserver/shared';

const onOff = /^(On|Off)$/;
const seconds = /^[0-9]{1,5}$/;

/**
 * The directives a customer may add to a site's `<VirtualHost>` — a whitelist with a grammar for each value,
 * never free text, each one allowed in a virtual host context. `Header` takes a header name and a value
 * (printable characters without quotes, backslashes, `$`, `%` or braces; rendered as `Header always set Name "value"`).
 */
export const directiveSpecs = {
  LimitRequestBody: { pattern: /^[0-9]{1,10}$/, example: '67108864' },
  Timeout: { pattern: seconds, example: '120' },
  KeepAliveTimeout: { pattern: seconds, example: '5' },
  ProxyTimeout: { pattern: seconds, example: '300' },
  Options: { pattern: /^[+-]?(Indexes|FollowSymLinks|SymLinksIfOwnerMatch|MultiViews|None)( [+-]?(Indexes|FollowSymLinks|SymLinksIfOwnerMatch|MultiViews)){0,4}$/, example: '-Indexes +FollowSymLinks' },
  DirectoryIndex: { pattern: /^[A-Za-z0-9._-]{1,64}( [A-Za-z0-9._-]{1,64}){0,9}$/, example: 'index.php index.html' },
  AddDefaultCharset: { pattern: /^(utf-8|UTF-8|Off)$/, example: 'utf-8' },
  ServerSignature: { pattern: onOff, example: 'Off' },
  FileETag: { pattern: /^(None|All|MTime Size|MTime|Size)$/, example: 'MTime Size' },
  ExpiresActive: { pattern: onOff, example: 'On' },
  ExpiresDefault: { pattern: /^(access|modification) plus [0-9]{1,4} (seconds|minutes|hours|days|weeks|months|years)$/, example: 'access plus 7 days' },
  AddOutputFilterByType: { pattern: /^DEFLATE( [a-z]+\/[a-z0-9.+-]+){1,30}$/, example: 'DEFLATE text/html text/css application/javascript' },
  Header: { pattern: /^[A-Za-z0-9-]{1,64} [\x20-\x7e]{1,512}$/, repeatable: true, example: 'X-Frame-Options SAMEORIGIN' },
} as const satisfies Record<string, DirectiveSpec>;

export type DirectiveName = keyof typeof directiveSpecs;
/** apache's whitelist, as the web server family takes it. `;` is allowed inside a header value (HSTS, CSP); `%` would start one of mod_headers' format specifiers. */
export const apacheDirectives: DirectiveWhitelist<DirectiveName> = directiveWhitelist(directiveSpecs, {
  name: 'Header',
  // eslint-disable-next-line no-control-regex -- control characters are refused
  forbidden: /[\u0000-\u001f\u007f"\\${}`%]/,
});
/** Whether a directive value is allowed (its grammar, and for `Header` the quoted part is safe). */
export const directiveValueValid = (name: string, value: string): boolean => apacheDirectives.valid(name, value);
