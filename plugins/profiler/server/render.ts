/**
 * The files of `profiler` (pure: the same state gives the same files, so the files panel shows what an apply writes):
 *
 * - `prepend.php`, loaded before every PHP request with `auto_prepend_file`: when the request's host is a profiled
 *   site (on, its URL prefix matching, chosen by the sample rate) it starts `ExcimerProfiler` and, at shutdown, writes
 *   the collapsed stacks (`<id>.collapsed`) and the request's facts (`<id>.json`) into the profiles directory. Under
 *   php-cli it profiles only a run of the portal (`-d portal_profiler.run=run-<id>`), whose host and URI (`$_SERVER`, `$_GET`) it takes from
 *   `-d portal_profiler.host` / `.uri` (php-cli has no request).
 * - `90-portal-profiler.ini` in PHP-FPM's `conf.d`: `auto_prepend_file` naming the snippet.
 *
 * Every value has passed the contract's pattern (no quote, backslash or line break can reach a file) and is written
 * as a PHP string literal escaped again; the fingerprint of the state goes into the snippet and each profile, so a
 * profile names the configuration that made it.
 */
import { createHash } from 'node:crypto';
import type { ConfigFile } from '@portal/plugin-sdk/server';
import type { Settings } from '../generated/config.ts';

export const snippetDir = '/etc/php/8.2/portal-profiler';
export const prependPath = `${snippetDir}/prepend.php`;
export const iniPath = '/etc/php/8.2/fpm/conf.d/90-portal-profiler.ini';
export const profilesDir = '/var/lib/portal-profiler/profiles';

export interface SiteState {
  host: string;
  documentRoot: string;
  enabled: boolean;
  periodMs: number;
  urlPrefix: string;
  sampleRatePercent: number;
}

export interface ProfilerState {
  settings: Settings;
  sites: SiteState[];
}

/** A PHP single-quoted string literal; a control character is refused (the contract never lets one through). */
export function phpString(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw new Error(`control character in ${JSON.stringify(value)}`);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The first 12 hex digits of the SHA-256 of the state (settings and sites in a fixed order). */
export function fingerprint(state: ProfilerState): string {
  const s = state.settings;
  const sites = [...state.sites]
    .sort((a, b) => (a.host < b.host ? -1 : 1))
    .map((x) => [x.host, x.documentRoot, x.enabled, x.periodMs, x.urlPrefix, x.sampleRatePercent]);
  return createHash('sha256')
    .update(JSON.stringify([s.clock, s.minDurationMs, s.maxDepth, sites]))
    .digest('hex')
    .slice(0, 12);
}

/** The fingerprint a rendered snippet carries (`define('PORTAL_PROFILER', '…')`), or undefined. */
export function fingerprintOf(files: readonly ConfigFile[]): string | undefined {
  return files.find((f) => f.path === prependPath)?.content.match(/define\('PORTAL_PROFILER', '([0-9a-f]{12})'\)/)?.[1];
}

const header = '// Written by the customer portal (Managed Center, Profiler). Changes here are overwritten.';

export function renderPrepend(state: ProfilerState, hostPath: (path: string) => string): string {
  const fp = fingerprint(state);
  const sites = [...state.sites]
    .sort((a, b) => (a.host < b.host ? -1 : 1))
    .map(
      (x) =>
        `        ${phpString(x.host)} => ['on' => ${x.enabled ? 'true' : 'false'}, 'period' => ${(x.periodMs / 1000).toFixed(3)}, 'prefix' => ${phpString(x.urlPrefix)}, 'rate' => ${x.sampleRatePercent}],`,
    );
  const s = state.settings;
  return `<?php
${header}
// Excimer (php-excimer) samples the requests of the sites below; each profile goes to the profiles directory.
if (!defined('PORTAL_PROFILER') && extension_loaded('excimer')) {
    define('PORTAL_PROFILER', '${fp}');
    (static function (): void {
        $sites = [
${sites.join('\n')}
        ];
        $cli = PHP_SAPI === 'cli';
        $run = $cli ? get_cfg_var('portal_profiler.run') : false;
        if ($cli && !is_string($run)) {
            return;
        }
        if ($cli) {
            $host = (string) get_cfg_var('portal_profiler.host');
            $uri = (string) get_cfg_var('portal_profiler.uri');
            $_SERVER['HTTP_HOST'] = $host;
            $_SERVER['REQUEST_URI'] = $uri;
            $_SERVER['REQUEST_METHOD'] = 'GET';
            $_SERVER['QUERY_STRING'] = (string) parse_url($uri, PHP_URL_QUERY);
            parse_str($_SERVER['QUERY_STRING'], $_GET);
            $_REQUEST = $_GET;
        } else {
            $host = strtolower(explode(':', (string) ($_SERVER['HTTP_HOST'] ?? ''))[0]);
            $uri = (string) ($_SERVER['REQUEST_URI'] ?? '');
        }
        $site = $sites[$host] ?? null;
        if ($site === null) {
            return;
        }
        if (!$cli) {
            if (!$site['on'] || strncmp($uri, $site['prefix'], strlen($site['prefix'])) !== 0) {
                return;
            }
            if ($site['rate'] < 100 && mt_rand(1, 100) > $site['rate']) {
                return;
            }
        }
        $id = $cli ? preg_replace('/[^a-z0-9-]/', '', $run) : gmdate('Ymd-His') . '-' . bin2hex(random_bytes(4));
        $profiler = new ExcimerProfiler();
        $profiler->setPeriod($site['period']);
        $profiler->setEventType(${s.clock === 'cpu' ? 'EXCIMER_CPU' : 'EXCIMER_REAL'});
        $profiler->setMaxDepth(${s.maxDepth});
        $startedAt = microtime(true);
        $started = hrtime(true);
        $profiler->start();
        register_shutdown_function(static function () use ($profiler, $started, $startedAt, $site, $host, $uri, $id, $cli): void {
            $profiler->stop();
            $ms = (hrtime(true) - $started) / 1e6;
            if (!$cli && $ms < ${s.minDurationMs}) {
                return;
            }
            $log = $profiler->getLog();
            $dir = ${phpString(hostPath(profilesDir))};
            if (!is_dir($dir)) {
                @mkdir($dir, 0770, true);
            }
            $at = DateTime::createFromFormat('U.u', sprintf('%.6F', $startedAt));
            @file_put_contents("$dir/$id.collapsed", $log->formatCollapsed(), LOCK_EX);
            @file_put_contents("$dir/$id.json", json_encode([
                'id' => $id,
                'host' => $host,
                'uri' => substr($uri, 0, 2000),
                'method' => $cli ? 'CLI' : substr((string) ($_SERVER['REQUEST_METHOD'] ?? 'GET'), 0, 16),
                'startedAt' => $at ? $at->format('Y-m-d\\TH:i:s.v\\Z') : gmdate('Y-m-d\\TH:i:s\\Z'),
                'durationMs' => round($ms, 3),
                'samples' => $log->getEventCount(),
                'periodMs' => $site['period'] * 1000,
                'clock' => '${s.clock}',
                'config' => PORTAL_PROFILER,
            ], JSON_UNESCAPED_SLASHES), LOCK_EX);
            // Retention: the newest ${s.keepProfiles} profiles of the last ${s.keepDays} days stay, older ones go (with their stacks).
            $kept = [];
            foreach (glob("$dir/*.json") ?: [] as $file) {
                $kept[$file] = (int) @filemtime($file);
            }
            arsort($kept);
            $cut = time() - ${s.keepDays} * 86400;
            $n = 0;
            foreach ($kept as $file => $mtime) {
                if ($n++ >= ${s.keepProfiles} || $mtime < $cut) {
                    @unlink($file);
                    @unlink(substr($file, 0, -5) . '.collapsed');
                }
            }
        });
    })();
}
`;
}

export function renderIni(hostPath: (path: string) => string): string {
  return `; Written by the customer portal (Managed Center, Profiler). Changes here are overwritten.
; Loads the profiling snippet before every request (php-excimer itself is enabled by its package: 20-excimer.ini).
auto_prepend_file = "${hostPath(prependPath)}"
`;
}

/** Nothing profiled (no site): no files, so PHP runs as without the module. */
export function render(state: ProfilerState, hostPath: (path: string) => string): ConfigFile[] {
  if (!state.sites.length) return [];
  return [
    { path: prependPath, content: renderPrepend(state, hostPath), mode: 0o644 },
    { path: iniPath, content: renderIni(hostPath), mode: 0o644 },
  ];
}
