import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalGateway, hasProgram } from '@portal/plugin-sdk/testing';
import { backup, compareTrees, ensureRepository, fileTree, forget, promote, restoreInto, snapshots } from './restic.ts';
import { forgetFlags } from '../shared/retention.ts';

const run = hasProgram('restic') && hasProgram('rsync') ? describe : describe.skip;

run('restic through the local gateway (a real repository in the server sandbox)', () => {
  let base: string;
  let gw: LocalGateway;
  const password = 'generated-for-the-test-0123456789';
  const write = (rel: string, content: string) => gw.writeFile({ path: `/var/www/shop/${rel}`, content });
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-restic-'));
    gw = new LocalGateway({ serverId: 7, baseDir: base });
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('R2.026 backs up real files, restores them as a copy, shows what differs, and promote brings the content back', async () => {
    await write('index.html', '<h1>shop</h1>\n');
    await write('img/logo.svg', '<svg/>\n');
    await ensureRepository(gw, password);
    const summary = await backup(gw, password, '/var/www/shop', ['plan-1']);
    expect(summary.files).toBe(2);
    expect(summary.bytes).toBeGreaterThan(0);
    const [snap] = await snapshots(gw, password);
    expect(snap!.short_id).toBe(summary.snapshotId.slice(0, 8));

    // The customer breaks the live site: a changed page, a lost logo, a stray file.
    await write('index.html', '<h1>broken</h1>\n');
    await gw.removeFile('/var/www/shop/img/logo.svg');
    await write('stray.php', '<?php\n');

    const copy = await restoreInto(gw, password, snap!, '/var/backups/portal/restores/1');
    const changes = compareTrees(await fileTree(gw, copy), await fileTree(gw, '/var/www/shop'));
    expect(changes).toEqual([
      { path: 'img/logo.svg', change: 'added' },
      { path: 'index.html', change: 'changed' },
      { path: 'stray.php', change: 'removed' },
    ]);
    expect(await gw.readFile('/var/www/shop/index.html')).toBe('<h1>broken</h1>\n'); // a copy changes nothing live

    await promote(gw, copy, '/var/www/shop');
    expect(await gw.readFile('/var/www/shop/index.html')).toBe('<h1>shop</h1>\n');
    expect(await gw.readFile('/var/www/shop/img/logo.svg')).toBe('<svg/>\n');
    expect(await gw.readFile('/var/www/shop/stray.php')).toBeNull();
    expect(compareTrees(await fileTree(gw, copy), await fileTree(gw, '/var/www/shop'))).toEqual([]);
  }, 120_000);

  it('applies a plan retention with restic forget (the rendered flags are accepted by the real restic)', async () => {
    await forget(gw, password, forgetFlags(1, { keepDays: 10, keepWeeks: 4, keepMonths: 0 }));
    expect((await snapshots(gw, password)).length).toBe(1); // taken just now: within 10 days
  }, 120_000);
});
