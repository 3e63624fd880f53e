/** Group 4 of the test files that start a portal, in one module graph (runGroup.ts; `npm test` runs it). */
import { runGroup } from './runGroup.ts';

await runGroup(3);
