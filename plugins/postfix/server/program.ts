/**
 * The Postfix this module manages — the same one the `email` module serves its domains with (one MTA per server;
 * docs/decisions.md, "postfix"). The `email` program descriptor (plugins/email/server/program.ts) says how the
 * private instance runs; this one declares only what this module writes, under the same program id, so both share
 * the apply lock of the server's Postfix and `gateway.service('postfix')` is that instance:
 *
 * - `/etc/postfix/portal-mta/main.cf`: the MTA settings as `postconf` lines (`name = value`). Postfix's `main.cf`
 *   has no include, so the reload step merges them into `main.cf` with `postconf -e` (only these keys), and the
 *   private instance's `main.cf` (written by the runner from the email descriptor) appends this file.
 * - `/etc/postfix/portal-mta/sasl_passwd` (secret, 0600): the relay login, a `texthash:` table (read by the smtp
 *   client as root when it starts, so no `.db` to build).
 * - `/etc/postfix/main.cf`: edited by `postconf -e` (this module's keys only), never rendered.
 * - `/var/lib/portal-postfix/check`: the staged copy the check runs on.
 *
 * No imports beyond the SDK's program entry: the generator reads the paths from here.
 */
import { definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';

export const postfixDir = '/etc/postfix';
export const mainCfPath = `${postfixDir}/main.cf`;
export const masterCfPath = `${postfixDir}/master.cf`;
export const mtaDir = `${postfixDir}/portal-mta`;
export const settingsPath = `${mtaDir}/main.cf`;
export const saslPasswdPath = `${mtaDir}/sasl_passwd`;
export const stageDir = '/var/lib/portal-postfix/check';

export const postfixMtaProgram: ProgramDescriptor = {
  id: 'postfix',
  tool: 'postfix',
  paths: [`${mtaDir}/*`, mainCfPath, `${stageDir}/**`],
  // The configuration directory (`postconf -c`, `postqueue -c`), master.cf for the staged check.
  reads: [postfixDir, masterCfPath],
  privileged: true,
  service: { unit: 'postfix', reload: 'reload' },
};

export default definePrograms([postfixMtaProgram]);
