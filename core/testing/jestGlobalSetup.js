/**
 * Jest's global setup: a template directory for this run, inherited by the workers through the environment
 * (`PORTAL_TEST_TEMPLATES`, see core/testing/index.ts). Test databases with a template are copies of one filled
 * there once. Plain JavaScript with no import of the project: Jest loads this file with Node, outside its transform.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function globalSetup() {
  process.env.PORTAL_TEST_TEMPLATES = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-templates-'));
}
