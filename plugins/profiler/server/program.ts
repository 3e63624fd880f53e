/**
 * The program of `profiler` (`ProgramDescriptor`, `@portal/plugin-sdk/program`): PHP itself. The plugin owns the
 * snippet, its `conf.d` include, the profiles the snippet writes and its stage; it reads the sites' document roots
 * (a run executes a script there). The check runs the real `php` on a staged copy: `php -n -l` on the snippet, then
 * `php -n -c <staged ini>` (php-excimer and the staged include, nothing else of the server's configuration) on a probe
 * script, which fails unless the snippet was loaded and defined its fingerprint. A real server reloads PHP-FPM
 * (`systemctl reload php8.2-fpm`); the `local` gateway runs no PHP-FPM (a run starts php-cli itself).
 *
 * No imports beyond the SDK's program entry and the gateway's types: the generator reads the paths from here.
 */
import type { CheckOutcome, ConfigFile, ServerGateway } from '@portal/plugin-sdk/gateway';
import { checkInStage, definePrograms, type ProgramDescriptor } from '@portal/plugin-sdk/program';

const snippetDir = '/etc/php/8.2/portal-profiler';
const prepend = `${snippetDir}/prepend.php`;
const ini = '/etc/php/8.2/fpm/conf.d/90-portal-profiler.ini';
const profiles = '/var/lib/portal-profiler/profiles';
export const stageDir = '/var/lib/portal-profiler/stage';

const probe = `<?php
if (!defined('PORTAL_PROFILER') || !class_exists('ExcimerProfiler')) {
    fwrite(STDERR, "the profiling snippet was not loaded (auto_prepend_file, php-excimer)\\n");
    exit(1);
}
echo 'snippet loaded, excimer ', phpversion('excimer'), ', configuration ', PORTAL_PROFILER, "\\n";
`;

/** `php -n -l` on the staged snippet, then the probe under the staged include (with php-excimer loaded). */
export async function checkSnippet(gw: ServerGateway, files: readonly ConfigFile[]): Promise<CheckOutcome> {
  const snippet = files.find((f) => f.path === prepend);
  const include = files.find((f) => f.path === ini);
  if (!snippet || !include) return { status: 'passed', tool: 'php', output: 'nothing profiled: no snippet' };
  const lint = await checkInStage(gw, {
    tool: 'php',
    stageDir: `${stageDir}/lint`,
    files: [snippet],
    args: (stage) => ['-n', '-l', stage(prepend)],
  });
  if (lint.status !== 'passed') return lint;
  const staged = `${stageDir}/load`;
  const loaded = await checkInStage(gw, {
    tool: 'php',
    stageDir: staged,
    files: [
      snippet,
      { path: '/probe.php', content: probe },
      // The include as written, pointing at the staged snippet, with php-excimer (its package's 20-excimer.ini does it on the server).
      {
        path: '/php.ini',
        content: `extension=excimer.so\n${include.content.split(gw.hostPath(prepend)).join(gw.hostPath(`${staged}${prepend}`))}`,
      },
    ],
    args: (stage) => ['-n', '-c', stage('/php.ini'), stage('/probe.php')],
  });
  if (loaded.status !== 'passed') return loaded;
  return { status: 'passed', tool: 'php', output: `${lint.output}\n${loaded.output}` };
}

export const phpProgram: ProgramDescriptor = {
  id: 'profiler',
  tool: 'php',
  paths: [prepend, ini, `${profiles}/*`, `${stageDir}/**`],
  reads: ['/var/www/**'],
  privileged: true,
  validate: checkSnippet,
  service: { unit: 'php8.2-fpm', reload: 'reload' },
};

export default definePrograms([phpProgram]);
