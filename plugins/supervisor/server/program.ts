/**
 * supervisord as this plugin runs it: the SDK's supervisord descriptor (`@portal/plugin-sdk/supervisor`: the private
 * supervisord per server on the `local` gateway, the check of a staged copy by supervisord's own parser,
 * `systemctl reload supervisor` on a real server) with this plugin's program file
 * `/etc/supervisor/conf.d/portal.conf`. The nodejs plugin declares the same program with its own file, so both share
 * one supervisord and its apply lock.
 *
 * No imports beyond the SDK and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms } from '@portal/plugin-sdk/program';
import {
  checkStagedSupervisorPrograms,
  supervisorDescriptor,
  supervisorLogDir,
  supervisorMainConfPath,
} from '@portal/plugin-sdk/supervisor';

export { commandExecutables } from '@portal/plugin-sdk/supervisor';

export const mainConfPath = supervisorMainConfPath;
export const programFilePath = '/etc/supervisor/conf.d/portal.conf';
/** Where the check stages its copy. */
export const stageDir = '/var/lib/supervisor-portal/stage';
/** The log file of a program's processes (stdout and stderr together). */
export const programLogPath = (name: string) => `${supervisorLogDir}/portal-${name}.log`;

const files = { programFile: programFilePath, stageDir };

/** The check of a staged copy of the program file (the SDK's, see `checkStagedSupervisorPrograms`). */
export const checkStaged = (gw: ServerGateway, staged: readonly ConfigFile[]): Promise<CheckOutcome> =>
  checkStagedSupervisorPrograms(gw, staged, files);

/** How supervisord is checked, reloaded and run. */
export const supervisorProgram = supervisorDescriptor(files);

export default definePrograms([supervisorProgram]);
