/**
 * apache as a member of the web server family: its dialect (the renderer's files, the directive whitelist,
 * the program, the log format) and the family made from it — entities on `apache_*`, the state, the rules,
 * the handlers of every resource, the live tails.
 */
import { canGenerateCertificates, LogTails, UnsafeValueError, webServerFamily, type WebServerDialect } from '@portal/plugin-sdk/webserver';
import { apacheDirectives, type DirectiveName } from '../shared/options.ts';
import { certificateStatuses, desiredFiles } from './config.ts';
import { parseLine } from './logs.ts';
import { logPath } from './render.ts';

export const apacheDialect: WebServerDialect<DirectiveName, 'apache'> = {
  pluginId: 'apache',
  program: 'apache',
  directives: apacheDirectives,
  desiredFiles,
  certificateStatuses,
  canGenerateCertificates,
  logPath,
  parseLine,
  isUnsafeValue: (e) => e instanceof UnsafeValueError,
  tails: (ports) => new LogTails(ports, parseLine),
};

/** apache on the web server family. */
export const apache = webServerFamily(apacheDialect);
