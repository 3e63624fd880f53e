/**
 * Renders a server's applications, pure: `/etc/supervisor/conf.d/nodejs.conf` with one `[program:node-<app>-<i>]`
 * per instance (the SDK's program block writer) and a `[group:node-<app>]` per app, and `/etc/nodejs/<app>.env`
 * with its variables (secret: never shown in a diff). An app runs `<node> --env-file=<env> <app>/current/<script>`;
 * one without a release yet has no program. `PORT`/`HOST` of each instance come from `environment=`.
 */
import type { ConfigFile } from '@portal/plugin-sdk/gateway';
import { renderSupervisorFile, renderSupervisorProgram } from '@portal/plugin-sdk/supervisor';
import { appPaths, groupName, programFilePath, programName } from './program.ts';

export { programFilePath };

export interface RenderableApp {
  id: number;
  name: string;
  nodeVersion: string;
  script: string;
  port: number;
  instances: number;
  release: string;
  environment: readonly (readonly [string, string])[];
}

/** What `prepare` found on the server. */
export interface Prepared {
  /** Major version → its binary. */
  runtimes: Record<string, string>;
  /** `<app>-<instance>` → where that instance listens (the `local` gateway: a loopback port of its own). */
  addresses: Record<string, { host: string; port: number }>;
  /** The user the apps run as. */
  user: string;
}

/** The key an app's proxy location is published under in the web server family (`nodejs-<app>`). */
export const proxyKey = (app: string) => `nodejs-${app}`;

/** The listen service of an instance (`listenAddress`); instance `check` is the health check's. */
export const instanceService = (app: string, instance: number | 'check') => `nodejs-${app}-${instance}`;

/** An env file: `NAME='value'` (single quotes: node reads the value literally; the contract refuses `'` and controls). */
export function renderEnvFile(app: RenderableApp): string {
  const lines = app.environment.map(([k, v]) => {
    // eslint-disable-next-line no-control-regex -- control characters are refused
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) || /[\u0000-\u001f\u007f']/.test(v)) throw new Error(`nodejs app ${app.name}: environment not allowed`);
    return `${k}='${v}'`;
  });
  return [`# ${app.name}: managed by the customer portal (Managed Center → Node.js).`, ...lines].join('\n') + '\n';
}

export function renderProgramFile(apps: readonly RenderableApp[], prepared: Prepared, hostPath: (p: string) => string = (x) => x): string {
  const blocks: string[] = [];
  for (const app of [...apps].sort((a, b) => a.id - b.id)) {
    if (!app.release) continue;
    const node = prepared.runtimes[app.nodeVersion];
    if (!node) throw new Error(`nodejs app ${app.name}: Node.js ${app.nodeVersion} is not installed on the server`);
    if (!/^[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(app.script) || app.script.split('/').includes('..')) throw new Error(`nodejs app ${app.name}: script not allowed`);
    const paths = appPaths(app.name);
    const names: string[] = [];
    for (let i = 0; i < app.instances; i++) {
      const at = prepared.addresses[`${app.name}-${i}`] ?? { host: '127.0.0.1', port: app.port + i };
      names.push(programName(app.name, i));
      blocks.push(
        renderSupervisorProgram({
          name: programName(app.name, i),
          command: `${node} --env-file=${hostPath(paths.env)} ${hostPath(paths.current)}/${app.script}`,
          directory: hostPath(paths.current),
          user: prepared.user,
          numprocs: 1,
          autostart: true,
          autorestart: 'always',
          startsecs: 2,
          stopwaitsecs: 15,
          stopsignal: 'TERM',
          environment: { PORT: String(at.port), HOST: at.host, NODE_APP_INSTANCE: String(i) },
          logFile: hostPath(paths.log(i)),
        }),
      );
    }
    blocks.push(`[group:${groupName(app.name)}]\nprograms=${names.join(',')}`);
  }
  return renderSupervisorFile('Managed by the customer portal (Managed Center → Node.js). Changes made here are overwritten.', blocks);
}

/** Every file of the plugin: the program file and an env file per app (mode 0600, owned by the apps' user). */
export function renderFiles(apps: readonly RenderableApp[], prepared: Prepared, hostPath?: (p: string) => string): ConfigFile[] {
  return [
    { path: programFilePath, content: renderProgramFile(apps, prepared, hostPath), mode: 0o644 },
    ...apps.map((a) => ({ path: appPaths(a.name).env, content: renderEnvFile(a), mode: 0o600, owner: prepared.user, group: prepared.user, secret: true })),
  ];
}
