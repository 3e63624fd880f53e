/**
 * The portal's command line: `start` (migrate, seed on first embedded start, serve), `migrate`, `seed`.
 * Runs directly on Node 24 (TypeScript type stripping); no build step for the server.
 */
import { ConfigError, createLogger, loadConfig, migrate, type Config } from '@portal/core/platform';
import { demoLogins, seedDemo } from '@portal/core/seed';
import { openConfiguredDatabase, startServer } from './server.ts';

const command = process.argv[2] ?? 'start';
let config: Config;
try {
  config = loadConfig();
} catch (e) {
  // A wrong setting stops the start with a message that says what to set, not with a stack trace.
  if (!(e instanceof ConfigError)) throw e;
  console.error(e.message);
  process.exit(2);
}
const logger = createLogger({ level: config.LOG_LEVEL });

if (command === 'migrate') {
  const orm = await openConfiguredDatabase(config, logger);
  const applied = await migrate(orm);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  await orm.close();
} else if (command === 'seed') {
  const orm = await openConfiguredDatabase(config, logger);
  await migrate(orm);
  console.log((await seedDemo(orm.em.fork(), { dataDir: config.dataDir })) ? 'demo data seeded' : 'demo data already present');
  await orm.close();
} else if (command === 'start') {
  const running = await startServer({ config, logger, drain: { quietMs: 500, maxMs: config.SHUTDOWN_DRAIN_MS } });
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  console.log(`\nPortal running at ${base}/a/  (API reference: ${base}/api/docs)`);
  console.log(`Database: ${config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pglite`}`);
  // The password is not printed into the logs: it is in the README's "Two commands" section.
  console.log('Demo logins (their password is in README.md, section "Two commands"):');
  for (const [role, email] of Object.entries(demoLogins)) console.log(`  ${role.padEnd(8)} ${email}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    await running.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} else {
  console.error(`unknown command "${command}"; use start, migrate or seed`);
  process.exit(2);
}
