/**
 * nginx as a member of the web server family: its dialect (the renderer's files, the directive whitelist,
 * the program, the log format, the live tails) and the family made from it — entities on `nginx_*`, the
 * state, the rules and the handlers of every resource.
 */
import { canGenerateCertificates, LogTails, webServerFamily, type WebServerDialect } from '@portal/plugin-sdk/webserver';
import { nginxDirectives, type DirectiveName } from '../shared/options.ts';
import { certificateStatuses, desiredFiles } from './config.ts';
import { parseLine } from './logs.ts';
import { logPath, UnsafeValueError } from './render.ts';

export const nginxDialect: WebServerDialect<DirectiveName, 'nginx'> = {
  pluginId: 'nginx',
  program: 'nginx',
  directives: nginxDirectives,
  desiredFiles,
  certificateStatuses,
  canGenerateCertificates,
  logPath,
  parseLine,
  isUnsafeValue: (e) => e instanceof UnsafeValueError,
  tails: (ports) => new LogTails(ports, parseLine),
};

/** nginx on the web server family. */
export const nginx = webServerFamily(nginxDialect);

export const { checkVhost, checkRedirect, checkAuthentication } = nginx.rules;
export { normalizeVhost } from '@portal/plugin-sdk/webserver';
