/**
 * supervisord as the nodejs plugin runs it: the SDK's descriptor (`@portal/plugin-sdk/supervisor`, program id
 * `supervisor`: one private supervisord and one apply lock shared with the supervisor plugin) with this plugin's own
 * program file, its environment files and the applications' directories (the `current` symlink is switched here).
 *
 * No imports beyond the SDK and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { definePrograms } from '@portal/plugin-sdk/program';
import { checkStagedSupervisorPrograms, supervisorDescriptor, supervisorLogDir } from '@portal/plugin-sdk/supervisor';

export const programFilePath = '/etc/supervisor/conf.d/nodejs.conf';
export const stageDir = '/var/lib/nodejs-portal/stage';
export const envDir = '/etc/nodejs';
export const appsDir = '/var/www/nodejs';

/** Server paths of an application. */
export const appPaths = (name: string) => ({
  dir: `${appsDir}/${name}`,
  releases: `${appsDir}/${name}/releases`,
  current: `${appsDir}/${name}/current`,
  env: `${envDir}/${name}.env`,
  log: (instance: number) => `${supervisorLogDir}/nodejs-${name}-${instance}.log`,
});

/** The supervisord group of an application and the program of each instance. */
export const groupName = (app: string) => `node-${app}`;
export const programName = (app: string, instance: number) => `node-${app}-${instance}`;

const files = { programFile: programFilePath, stageDir };

/** The script of each `command=` line as this plugin renders it: `<node> --env-file=<file> <script>`. */
export function commandScripts(content: string): { node: string; script: string }[] {
  return [...content.matchAll(/^command=(\S+) --env-file=\S+ (\S+)$/gm)].map((m) => ({ node: m[1], script: m[2] }));
}

/** Output with the sandbox's directory taken out of its paths (a `local` gateway), so it names server paths. */
export function unsandboxed(gw: Pick<ServerGateway, 'hostPath'>, text: string): string {
  const root = gw.hostPath('/').replace(/\/$/, '');
  return root ? text.split(root).join('') : text;
}

/**
 * The check of the rendered files: supervisord's own parser on a staged copy (the SDK's), then `node --check` on
 * each start script with the app's own node (a script that does not parse would end FATAL).
 */
export async function checkNodejsFiles(gw: ServerGateway, staged: readonly ConfigFile[]): Promise<CheckOutcome> {
  const parsed = await checkStagedSupervisorPrograms(gw, staged, files);
  if (parsed.status !== 'passed') return parsed;
  const file = staged.find((f) => f.path === programFilePath);
  const seen = new Set<string>();
  for (const { node, script } of commandScripts(file?.content ?? '')) {
    if (seen.has(script)) continue;
    seen.add(script);
    const r = await gw.run({ tool: 'env', args: [node, '--check', script], timeoutMs: 20_000 });
    if (r.exitCode !== 0) return { status: 'failed', tool: 'node', output: unsandboxed(gw, r.stderr || r.stdout).slice(-4000) };
  }
  return { status: 'passed', tool: 'supervisord', output: `configuration parsed, ${seen.size} script(s) checked` };
}

/** How supervisord is checked, reloaded and run (shared with the supervisor plugin), with this plugin's files. */
export const nodejsSupervisor = supervisorDescriptor({ ...files, extraPaths: [`${envDir}/*.env`, appsDir, `${appsDir}/**`] });

export default definePrograms([nodejsSupervisor]);
