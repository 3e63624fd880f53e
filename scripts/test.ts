/**
 * `npm test`: every check; fails when any fails.
 *
 * The machine has two cores and most checks use one (tsc, eslint, one Jest worker, vite), so independent
 * checks run side by side in chains; each chain stops at its first failure, and a step's output is printed
 * in one piece when it ends, so the log reads like a sequential run:
 *   checks:  contract drift → plugin registries → type check → lint
 *   tests:   unit and integration tests
 *   web:     build → bundle budget → storybook build → plugin scaffolder (in a copy of the tree: it rewrites
 *            the generated contract and registries for a while, which every other step reads)
 * then, alone, the scale-out test (two instances behind nginx restarted under load: timing-sensitive), then the
 * end-to-end tests (they need the build). Each step's line says how busy the cores were while it ran.
 * Set SKIP_E2E=1 to leave out the browser tests while working; TEST_SEQUENTIAL=1 runs every step one
 * after the other (for a quiet measurement of a single step). E2E_BESIDE_JEST=1 starts the end-to-end tests as soon
 * as the build has passed, beside Jest (whose second half leaves a third of the cores idle): not the default yet —
 * its one whole run here was on a machine loaded by other work (load 17–20), where the accessibility passes timed
 * out waiting for a page (docs/decisions.md, suite time session 22).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type Step = [name: string, command: string];
/** A chain of steps, started when the step it waits for (by name) has passed. */
type Chain = { steps: Step[]; after?: string };

const e2e: Step = ['end-to-end tests', 'npm run --silent test:e2e'];
const e2eBeside = process.env.SKIP_E2E !== '1' && process.env.E2E_BESIDE_JEST === '1';
const stepLists: Step[][] = [
  [
    [
      "contract (and the client package's copy of its types, the web app's operation table) is generated from its sources, breaks nothing unrecorded against the released one, passes redocly lint",
      'npm run --silent -w @portal/openapi check && node client/scripts/generate.ts --check && npm run --silent -w @portal/frontend check',
    ],
    ['plugin registries are generated from plugins/*', 'npm run --silent -w @portal/plugin-sdk check'],
    ['type check', 'npm run --silent typecheck'],
    ['lint', 'npm run --silent lint'],
  ],
  [['unit and integration tests', 'JEST_GROUPS=1 npm run --silent test:unit']],
  [
    ['build', 'npm run --silent build'],
    ['bundle-size budget (initial JavaScript per route)', 'node scripts/bundle-budget.ts'],
    ['storybook build', 'STORYBOOK_DOCGEN=0 npm run --silent storybook:build'],
    // In a copy of the tree (it rewrites the generated contract and registries for a while, which the other steps read).
    ['plugin scaffolder (in a copy of the tree)', 'SCAFFOLD_TEST=1 node scripts/in-copy.ts npm run --silent test:unit -- scripts/plugin-new.test.ts'],
  ],
];
const chains: Chain[] = [...stepLists.map((steps) => ({ steps })), ...(e2eBeside ? [{ steps: [e2e], after: 'build' }] : [])];
const after: Step[] = [
  ['two instances behind nginx, restarted under load', 'SCALE_OUT_TEST=1 npm run --silent test:unit -- bff/src/scale-out.test.ts'],
  ...(process.env.SKIP_E2E === '1' || e2eBeside ? [] : [e2e]),
];

/**
 * The programs the tests run besides Node: Debian's headless Chromium (e2e), nginx (scale-out test), apache2 (apache plugin), supervisord (supervisor plugin),
 * named-checkzone (DNS plugin), redis-server and memcached (the redis and memcached modules' private instances), rabbitmq-server (the rabbitmq module's private node and `erl` for its configuration check), mariadb-server (the mysql module's private MariaDB: mariadbd,
 * mariadb-install-db and the ed25519 authentication plugin), varnishd and hitch (the varnish-ssl module's private Varnish and its TLS front), indexer and searchd (sphinxsearch: the sphinx module's check and private searchd), sshd and visudo (the ssh gateway), restic and rsync (the backups module's repositories and promoted restores), tomcat10 (the tomcat module's private instance: catalina.sh configtest and start), proftpd and openssl (the ftp module's private FTPS daemon and its TLS pair), nft and ip (nftables and iproute2: the firewall module's check and its rules loaded in a private network namespace per server sandbox), fail2ban, mod_security2 and the OWASP CRS (the protection module's checks and private fail2ban-server), postfix, postmap and doveconf (postfix, dovecot-core: the email and postfix modules' checks and their private Postfix), php with Excimer (php8.2-cli, php-excimer: the profiler module) and Java with Saxon-HE (the official e-invoice Schematron rules). Missing ones are installed when this runs as root with apt; otherwise the
 * run stops at once, naming the packages.
 */
function ensurePrograms(): void {
  const has = (program: string) =>
    program.startsWith('/')
      ? fs.existsSync(program)
      : ['/usr/bin', '/usr/sbin', '/bin', '/sbin'].some((dir) => fs.existsSync(`${dir}/${program}`));
  const needed: [program: string, pkg: string][] = [
    ['nginx', 'nginx-light'],
    ['apache2', 'apache2'],
    ['supervisord', 'supervisor'],
    ['named-checkzone', 'bind9-utils'],
    ['redis-server', 'redis-server'],
    ['/usr/lib/mysql/plugin/auth_ed25519.so', 'mariadb-server'],
    ['memcached', 'memcached'],
    // The sphinx module: indexer checks and builds, searchd is the private instance.
    ['searchd', 'sphinxsearch'],
    ['indexer', 'sphinxsearch'],
    // The rabbitmq module's private node: the real script behind Debian's /usr/sbin wrapper (which switches users).
    ['/usr/lib/rabbitmq/bin/rabbitmq-server', 'rabbitmq-server'],
    ['varnishd', 'varnish'],
    // hitch: the varnish-ssl module's TLS front (hitch --test on a staged copy, a private hitch on a loopback port).
    ['hitch', 'hitch'],
    // The ssh gateway's tests (issue 28): a real OpenSSH server as the far side; visudo checks the sudoers drop-in.
    ['sshd', 'openssh-server'],
    ['visudo', 'sudo'],
    ['restic', 'restic'],
    ['rsync', 'rsync'],
    // The ftp module's private ProFTPD (proftpd -t, ftpquota; mod_tls comes with proftpd-basic as proftpd-mod-crypto)
    // and openssl for its self-signed TLS pair.
    ['proftpd', 'proftpd-basic'],
    ['/usr/lib/proftpd/mod_tls.so', 'proftpd-basic'],
    ['openssl', 'openssl'],
    // The firewall module: `nft -c -f` checks, `nft -f` loads inside `unshare -rn` (util-linux); `ip` brings that namespace's loopback up.
    ['nft', 'nftables'],
    ['ip', 'iproute2'],
    // The protection module: fail2ban-client -t on a staged copy and the private fail2ban-server; apache2 -t of the
    // WAF include with mod_security2 and the OWASP Core Rule Set.
    ['fail2ban-client', 'fail2ban'],
    ['/usr/lib/apache2/modules/mod_security2.so', 'libapache2-mod-security2'],
    ['/usr/share/modsecurity-crs/owasp-crs.load', 'modsecurity-crs'],
    // The email module: postmap, postfix check and the private Postfix per server sandbox; doveconf checks Dovecot's snippet.
    ['postfix', 'postfix'],
    ['postmap', 'postfix'],
    ['doveconf', 'dovecot-core'],
    // The profiler module: php-cli checks the prepend snippet and runs scripts under Excimer, Debian's sampling profiler.
    ['php', 'php8.2-cli'],
    ['/usr/lib/php/20220829/excimer.so', 'php-excimer'],
    // The package-updates module checks the maintenance window's timer with `systemd-analyze calendar`.
    ['systemd-analyze', 'systemd'],
    ['java', 'default-jre-headless'],
    // The tomcat module's private instance: catalina.sh (configtest, start) of Debian's CATALINA_HOME on its own CATALINA_BASE.
    ['/usr/share/tomcat10/bin/catalina.sh', 'tomcat10'],
    ['/usr/share/java/Saxon-HE.jar', 'libsaxonhe-java'],
    ...(process.env.SKIP_E2E === '1' ? [] : ([['chromium-headless-shell', 'chromium-headless-shell']] as [string, string][])),
  ];
  const missing = needed.filter(([program]) => !has(program)).map(([, pkg]) => pkg);
  if (!missing.length) return;
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`Installing ${missing.join(', ')} (apt-get) …`);
    execSync(`apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
    return;
  }
  console.error(`npm test needs Debian packages that are not installed: apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
ensurePrograms();

// Every Node process of the run (portals, test workers, tsc, eslint, vite) keeps V8's compiled code of the modules it
// loads in one cache (content-hashed, so never stale): a portal's start compiled ~1.5 s of the same modules each of
// the 57 e2e spec files and every Jest portal file again.
process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile-cache');

const started = Date.now();
const cpuAtStart = cpuTimes();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/** The machine's CPU time so far (all cores), busy and in all, from /proc/stat (Linux; zeros elsewhere). */
function cpuTimes(): { busy: number; total: number } {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const values = fields.map(Number);
    const total = values.reduce((a, b) => a + b, 0);
    return { busy: total - values[3] - (values[4] ?? 0), total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
/** How busy the machine's cores were since `since`: shows where steps wait rather than compute (issue 24 §4). */
const busySince = (since: { busy: number; total: number }) => {
  const now = cpuTimes();
  return now.total > since.total ? `, CPU ${Math.round((100 * (now.busy - since.busy)) / (now.total - since.total))} % busy` : '';
};

/** Runs one step; its output is collected and printed when it ends (or streamed when it runs alone). */
function run([name, command]: Step, alone: boolean): Promise<boolean> {
  const stepStarted = Date.now();
  const cpuStarted = cpuTimes();
  if (alone) console.log(`\n▶ ${name}: ${command}`);
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (status) => {
      if (!alone) {
        console.log(`\n▶ ${name}: ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status === 0) console.log(`✔ ${name} (${seconds(stepStarted)} s${busySince(cpuStarted)})`);
      else console.error(`\n✖ ${name} failed after ${seconds(stepStarted)} s`);
      resolve(status === 0);
    });
  });
}

/** Whether each step passed, by name, as it ends: what a chain with `after` waits for. */
const passed = new Map<string, PromiseWithResolvers<boolean>>();
const outcome = (name: string) => {
  if (!passed.has(name)) passed.set(name, Promise.withResolvers<boolean>());
  return passed.get(name)!;
};

async function runChain(steps: Step[], alone: boolean): Promise<boolean> {
  for (const step of steps) {
    const ok = await run(step, alone);
    outcome(step[0]).resolve(ok);
    if (!ok) {
      for (const later of steps.slice(steps.indexOf(step) + 1)) outcome(later[0]).resolve(false);
      return false;
    }
  }
  return true;
}

const sequential = process.env.TEST_SEQUENTIAL === '1';
const ok = sequential
  ? await runChain(chains.flatMap((chain) => chain.steps), true)
  : (
      await Promise.all(
        chains.map(async (chain) => (chain.after && !(await outcome(chain.after).promise) ? false : runChain(chain.steps, false))),
      )
    ).every(Boolean);
if (!ok || !(await runChain(after, true))) {
  console.error(`\nnpm test failed after ${seconds(started)} s`);
  process.exit(1);
}
console.log(`\nAll checks passed in ${seconds(started)} s${busySince(cpuAtStart)}.`);
