/**
 * Issue 28 in the browser: a server switched to the ssh gateway on its connection page (host, port, user, the
 * portal's key pair whose public key goes into the server's `authorized_keys`, the host key's fingerprint
 * compared and confirmed, a connection test), then an nginx change applied to it with progress, and the result
 * checked on the far side: the site's file there, and the far side's nginx serving the domain.
 *
 * The "server" is a real OpenSSH server (Debian's sshd, unprivileged, on a loopback port of this machine, its own
 * host key); the far side's files live in a sandbox directory there (`MANAGED_SSH_ROOT`, a development and test
 * setting of the portal), where the gateway runs nginx as a private instance over the connection.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, hostRequest, jobSucceeded, journeyLanguages, openSection, signIn, test } from '@portal/plugin-sdk/testing/e2e';
// eslint-disable-next-line no-restricted-imports -- the far side's sshd is core's test support (this spec runs in Node, not in the bundle)
import { hasSshd, startSshd, type TestSshd } from '@portal/core/managed/testing';
import connectionDe from '../src/i18n/locales/de/connection.json' with { type: 'json' };
import managedDe from '../src/i18n/locales/de/managed.json' with { type: 'json' };
import connectionEn from '../src/i18n/locales/en/connection.json' with { type: 'json' };
import managedEn from '../src/i18n/locales/en/managed.json' with { type: 'json' };

const sshdDir = path.join(os.tmpdir(), `portal-e2e-sshd-${process.env.E2E_PORT ?? 3100}`);
test.use({ portalEnv: { MANAGED_SSH_ROOT: path.join(sshdDir, 'far') } });
test.describe.configure({ mode: 'serial' });

/** The connection page's texts from the portal's translations; the nginx section's as its own spec has them. */
const pageTexts = (connection: typeof connectionDe, managed: typeof managedDe) => ({
  connection: managed.nav.connection,
  gateway: connection.settings.gateway,
  ssh: connection.gateway.ssh,
  host: connection.settings.host,
  port: connection.settings.port,
  username: connection.settings.username,
  save: connection.settings.save,
  generate: connection.key.generate,
  test: connection.test.button,
  unknownHostKey: managed.job.unreachableReason.host_key_unknown,
  confirm: connection.hostKey.confirm,
  connected: new RegExp(connection.test.ok.replace(/[.()]/g, '\\$&').replace('{{ms}}', '\\d+')),
  notConfigured: connection.state.not_configured,
  ready: connection.state.ready,
});

const texts = {
  de: {
    ...pageTexts(connectionDe, managedDe),
    pendingApply: 'Jetzt anwenden',
    addDomain: 'Domain hinzufügen',
    primaryName: 'Hauptname',
    documentRoot: 'Document Root',
    static: 'Statische Dateien',
    saved: /wurde gespeichert/,
    configTab: 'Konfiguration',
    apply: 'Anwenden',
    applied: 'Die Änderung wurde übernommen.',
    running: /nginx läuft auf 127\.0\.0\.1:(\d+)/,
  },
  en: {
    ...pageTexts(connectionEn, managedEn),
    pendingApply: 'Apply now',
    addDomain: 'Add domain',
    primaryName: 'Primary name',
    documentRoot: 'Document root',
    static: 'Static files',
    saved: /was saved/,
    configTab: 'Configuration',
    apply: 'Apply',
    applied: 'The change was applied.',
    running: /nginx is running on 127\.0\.0\.1:(\d+)/,
  },
};

let sshd: TestSshd | undefined;

test.beforeAll(async () => {
  if (hasSshd()) sshd = await startSshd({ dir: sshdDir });
});

test.afterAll(async () => {
  // The far side's private nginx (a real server's keeps running, of course).
  if (sshd) {
    for (const root of fs.readdirSync(path.join(sshd.dir, 'far'))) {
      const pid = Number(fs.readFileSync(path.join(sshd.dir, 'far', root, 'run/nginx.pid'), { encoding: 'utf8', flag: 'a+' }).trim());
      if (pid > 1) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          /* gone */
        }
      }
    }
    await sshd.stop();
  }
});

for (const lang of journeyLanguages('de')) {
  test(`R2.024 R2.030 ssh gateway (${lang}): connect web01 on its connection page, apply an nginx change over SSH, the file and the site on the far side`, async ({ page }) => {
    test.skip(!sshd, 'no sshd (openssh-server) on this machine');
    test.setTimeout(180_000);
    const far = sshd!;
    const t = texts[lang];
    await signIn(page, lang);
    await openSection(page, 'connection', t.connection);
    const serverId = Number(/\/servers\/(\d+)\/managed\//.exec(page.url())?.[1]);

    // How the portal reaches the server: the ssh gateway, host, port, user.
    await page.getByLabel(t.gateway).click();
    await page.getByRole('option', { name: t.ssh }).click();
    await page.getByLabel(t.host).fill('127.0.0.1');
    await page.getByLabel(t.port).fill(String(far.port));
    await page.getByLabel(t.username).fill(far.settings.username);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByTestId('connection-state-chip')).toHaveText(t.notConfigured);

    // The portal's key pair: its public key goes into the server's authorized_keys (the administrator's part).
    await page.getByRole('button', { name: t.generate }).click();
    const publicKey = page.getByTestId('connection-public-key');
    await expect(publicKey).toContainText(/^ssh-ed25519 AAAA\S+ portal-managed-server-\d+$/);
    fs.appendFileSync(path.join(far.dir, 'authorized_keys'), `${(await publicKey.textContent())!.trim()}\n`);

    // First contact: the host key is shown for comparison, nothing is applied until it is confirmed.
    await page.getByRole('button', { name: t.test }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText(t.unknownHostKey);
    await expect(page.getByTestId('connection-fingerprint')).toHaveText(far.fingerprint);
    await page.getByRole('button', { name: t.confirm }).click();
    await page.getByRole('button', { name: t.test }).click();
    await expect(page.getByTestId('connection-test-result')).toContainText(t.connected);
    await expect(page.getByTestId('connection-state-chip')).toHaveText(t.ready);
    await expect(page.getByTestId('connection-sudoers-text')).toContainText(`${far.settings.username} ALL=(root) NOPASSWD: PORTAL_MANAGED`);

    // An nginx change, applied over SSH with progress.
    await page.getByRole('link', { name: 'nginx', exact: true }).first().click();
    await expect(page).toHaveURL(/\/managed\/nginx$/);
    const pending = page.getByTestId('nginx-status').getByRole('button', { name: t.pendingApply });
    if (await pending.isVisible()) {
      await pending.click();
      await jobSucceeded(page);
    }
    const name = `ssh-${lang}.mueller-schmidt-shop.example`;
    await page.getByRole('link', { name: t.addDomain }).first().click();
    await page.getByLabel(t.primaryName).fill(name);
    await page.getByLabel(t.documentRoot).fill(`ssh-${lang}/public`);
    await page.getByRole('radio', { name: t.static }).check();
    await page.getByRole('button', { name: t.addDomain }).click();
    await expect(page.getByText(t.saved).filter({ visible: true }).first()).toBeVisible();
    await page.getByRole('tab', { name: t.configTab }).click();
    await page.getByRole('button', { name: t.apply, exact: true }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.applied);

    // On the far side: the site's file in the server's sandbox there, checked and served by the far side's nginx.
    const site = fs.readFileSync(path.join(far.root(serverId), `etc/nginx/portal/sites/${name}.conf`), 'utf8');
    expect(site).toContain(`server_name ${name};`);
    const status = page.getByTestId('nginx-status');
    await expect(status).toContainText(t.running);
    const port = Number(t.running.exec((await status.textContent()) ?? '')?.[1]);
    expect(await hostRequest(port, name, `/probe-${lang}`)).toBe(404);
    // Its access log on the far side (the site's own, JSON lines).
    const logs = path.join(far.root(serverId), 'var/log/nginx');
    await expect.poll(() => fs.readdirSync(logs).filter((f) => f.startsWith(name)).map((f) => fs.readFileSync(path.join(logs, f), 'utf8')).join('')).toContain(`/probe-${lang}`);
  });
}
