/**
 * `npm test`: every check, in order, stopping at the first failure.
 * contract drift → types → lint → unit and integration tests → build → bundle budget → storybook build → end-to-end tests.
 * Set SKIP_E2E=1 to leave out the browser tests while working.
 */
import { spawnSync } from 'node:child_process';

const steps: [string, string][] = [
  ['contract is generated from its sources and passes redocly lint', 'npm run --silent -w @portal/openapi check'],
  ['plugin registries are generated from plugins/*', 'npm run --silent -w @portal/plugin-sdk check'],
  ['type check', 'npm run --silent typecheck'],
  ['lint', 'npm run --silent lint'],
  ['unit and integration tests', 'npm run --silent test:unit'],
  ['plugin scaffolder', 'SCAFFOLD_TEST=1 npm run --silent test:unit -- scripts/plugin-new.test.ts'],
  ['build', 'npm run --silent build'],
  ['bundle-size budget (initial JavaScript per route)', 'node scripts/bundle-budget.ts'],
  ['storybook build', 'npm run --silent storybook:build'],
  ['end-to-end tests', 'npm run --silent test:e2e'],
];

for (const [name, command] of steps) {
  if (name === 'end-to-end tests' && process.env.SKIP_E2E === '1') continue;
  const started = Date.now();
  console.log(`\n▶ ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
console.log('\nAll checks passed.');
