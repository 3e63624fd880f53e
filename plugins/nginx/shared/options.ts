/**
 * The nginx dialect's options: its whitelist of additional directives. What a site may be made of
 * otherwise is the web server family's (`@portal/plugin-sdk/webserver/shared`), re-exported here for the
 * section's forms. No Node or browser APIs here.
 */
import { directiveWhitelist, type DirectiveSpec, type DirectiveWhitelist } from '@portal/plugin-sdk/webserver/shared';

export * from '@portal/plugin-sdk/webserver/shared';

const onOff = /^(on|off)$/;
const size = /^[0-9]{1,5}[kKmMgG]?$/;
const duration = /^[0-9]{1,5}(ms|s|m|h)?$/;

/**
 * The directives a customer may add to a domain's server block — a whitelist with a grammar for each
 * value, never free text. `add_header` takes a header name and a value (printable characters without
 * quotes, backslashes, `$` or braces; it is rendered in double quotes).
 */
export const directiveSpecs = {
  client_max_body_size: { pattern: size, example: '64m' },
  client_body_timeout: { pattern: duration, example: '60s' },
  keepalive_timeout: { pattern: duration, example: '65s' },
  send_timeout: { pattern: duration, example: '60s' },
  proxy_read_timeout: { pattern: duration, example: '120s' },
  fastcgi_read_timeout: { pattern: duration, example: '300s' },
  gzip: { pattern: onOff, example: 'on' },
  gzip_types: { pattern: /^[a-z]+\/[a-z0-9.+-]+( [a-z]+\/[a-z0-9.+-]+){0,29}$/, example: 'text/css application/javascript application/json' },
  autoindex: { pattern: onOff, example: 'off' },
  server_tokens: { pattern: onOff, example: 'off' },
  charset: { pattern: /^(utf-8|off)$/, example: 'utf-8' },
  index: { pattern: /^[A-Za-z0-9._-]{1,64}( [A-Za-z0-9._-]{1,64}){0,9}$/, example: 'index.php index.html' },
  expires: { pattern: /^(off|epoch|max|-?[0-9]{1,6}(s|m|h|d|w|M|y)?)$/, example: '7d' },
  limit_rate: { pattern: /^[0-9]{1,7}[kKmM]?$/, example: '512k' },
  add_header: { pattern: /^[A-Za-z0-9-]{1,64} [\x20-\x7e]{1,512}$/, repeatable: true, example: 'X-Frame-Options SAMEORIGIN' },
} as const satisfies Record<string, DirectiveSpec>;

export type DirectiveName = keyof typeof directiveSpecs;
/** nginx's whitelist, as the web server family takes it. `;` is allowed inside a header value (HSTS, CSP); it is quoted when rendered. */
export const nginxDirectives: DirectiveWhitelist<DirectiveName> = directiveWhitelist(directiveSpecs, {
  name: 'add_header',
  // eslint-disable-next-line no-control-regex -- control characters are refused
  forbidden: /[\u0000-\u001f\u007f"\\${}`]/,
});
/** Whether a directive value is allowed (its grammar, and for `add_header` the quoted part is safe). */
export const directiveValueValid = (name: string, value: string): boolean => nginxDirectives.valid(name, value);
