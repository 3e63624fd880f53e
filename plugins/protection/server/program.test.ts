/**
 * The checks of `program.ts` with the real programs on a sandbox of the `local` gateway: `fail2ban-client -t` on the
 * staged copy accepts the rendered jails and refuses a broken file; `apache2 -t` loads the WAF include with
 * mod_security2 and the Core Rule Set and refuses a broken one; the stages are removed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasProgram, LocalGateway } from '@portal/plugin-sdk/testing';
import programs, { checkJails, checkWaf, sandboxFiles, stageDir } from './program.ts';
import { jailsPath, render, wafPath } from './render.ts';

let dir: string;
let gw: LocalGateway;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'protection-check-'));
  gw = new LocalGateway({ baseDir: dir, serverId: 1, programs });
  for (const f of sandboxFiles(gw)) await gw.writeFile(f);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const files = (hostPath: (p: string) => string) =>
  render(
    {
      settings: { ignoreIp: '192.0.2.0/24', bantimeIncrement: true },
      jails: [{ jail: 'sshd', enabled: true, bantimeSeconds: 600, maxretry: 3, findtimeSeconds: 600 }],
      sites: [{ host: 'shop.example.com', mode: 'on', exceptions: '942100' }],
    },
    hostPath,
  );

(hasProgram('fail2ban-client') ? it : it.skip)('fail2ban-client -t accepts the rendered jails and refuses a broken jail file; the stage is removed', async () => {
  expect(await checkJails(gw, files((p) => gw.hostPath(p)))).toMatchObject({ status: 'passed', tool: 'fail2ban-client' });
  const broken = await checkJails(gw, [{ path: jailsPath, content: '[sshd]\nenabled = true\nfilter = no-such-filter\n' }]);
  expect(broken).toMatchObject({ status: 'failed' });
  expect(broken.status === 'failed' && broken.output).toContain('no-such-filter');
  expect(fs.existsSync(gw.hostPath(stageDir + '/fail2ban'))).toBe(false);
});

(hasProgram('apache2') ? it : it.skip)('apache2 -t loads the WAF include with mod_security2 and the CRS, and refuses a broken one', async () => {
  expect(await checkWaf(gw, files((p) => gw.hostPath(p)))).toMatchObject({ status: 'passed', tool: 'apache2' });
  const waf = files((p) => gw.hostPath(p)).find((f) => f.path === wafPath)!;
  const broken = await checkWaf(gw, [{ ...waf, content: waf.content.replace('ctl:ruleEngine=On', 'ctl:ruleEngine=Sometimes') }]);
  expect(broken).toMatchObject({ status: 'failed', tool: 'apache2' });
  expect(fs.existsSync(gw.hostPath(stageDir + '/waf'))).toBe(false);
});
