import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';

/** The clock offset file of the running spec file's portal (scripts/e2e-server.ts reads it on every `now()`). */
const clockFileOf = () => path.resolve('data', `e2e-${new URL(test.info().project.use.baseURL!).port}`, 'clock-offset-ms');

/** Moves the portal's clock so that it reads `at` now (and runs on from there). */
export function setServerTime(at: string | Date): void {
  fs.writeFileSync(clockFileOf(), String(new Date(at).getTime() - Date.now()));
}

/** Back to the system time. */
export function resetServerTime(): void {
  fs.rmSync(clockFileOf(), { force: true });
}
