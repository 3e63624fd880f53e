/**
 * The SSH keys section in the browser, in German and English: add a key (a 2048-bit RSA key refused,
 * type, length and fingerprint shown before saving, the label taken from the key's comment), apply
 * with progress (checked with ssh-keygen -l where installed), the result in the list and in
 * authorized_keys, roll back.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';

const password = 'Demo-Portal-2026';
const shots = process.env.CRONSSH_SHOTS; // a directory: screenshots of every screen (light and dark) for review

const hasSshKeygen = (() => {
  try {
    execFileSync('ssh-keygen', ['-?'], { stdio: 'ignore' });
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

// Made with ssh-keygen for this test (the private halves were discarded).
const keys = {
  de: { line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDgFsxzUL7n4WLNMBi7DDJP1f9TwYoFYAhmkS3JhxdMd e2e-de@laptop', fingerprint: 'SHA256:IOvUrMj6v1v+1Z7xMD2xZSsf1fjENy1rwxMgHOX2j8Q' },
  en: { line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH5lK6ULFv6gR9DqSlBRryFUY3/QpcCP3rpyKjbKu3zi e2e-en@laptop', fingerprint: 'SHA256:gUNw1bZuYjLaopaSjLWMj8Vdr6WJTnQ5D10j+WUz0gA' },
};
const rsa2048 =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCZg3w4MKDz9FmMGmeJYE32lmE80CBLxiwx3q8uZL3kNmsdagQ1ruw4juu+sYrNPz6COAuP9u0tGMOMzLBXHfshYh3esGMk5teCnMST3pv3gGON7ryBOJNJ4tuKmoyzEOm4KDV5r+2NDN6ZHVYmn27d602GJQxQogqGl8sZadern4+v13JiUPZsswRqSezgEqTPmH7eutz1lvOcg37mQEvllCxmC9N1xGaq0TSYhQ1IeWD1BGn7JRt9r5VKDe2/rbsxkeGpOIwffnSpALnO4J5+wPos+90+56mjr/TKz/FuKk+Zfvh8XPXmkKhxa0xSkXMnh2cM36taoJse623alkVP old@laptop';

const texts = {
  de: {
    login: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', welcome: /Willkommen/ },
    section: 'SSH-Schlüssel',
    add: 'Schlüssel hinzufügen',
    user: 'Serverbenutzer',
    publicKey: 'Öffentlicher Schlüssel',
    label: 'Bezeichnung',
    submit: 'Hinzufügen und anwenden',
    tooShort: 'Dieser RSA-Schlüssel ist zu kurz. RSA-Schlüssel brauchen mindestens 3072 Bit; erstellen Sie besser einen ssh-ed25519-Schlüssel.',
    bits: '256 Bit',
    applied: 'Die Änderung wurde übernommen.',
    skipped: 'ssh-keygen ist auf diesem Server nicht installiert',
    files: 'authorized_keys-Dateien auf dem Server',
    writeNow: 'Jetzt auf den Server schreiben',
    rollback: 'Letzte Änderung rückgängig machen',
    confirmRollback: 'Rückgängig machen',
    rolledBack: 'Die vorherige Version wurde wiederhergestellt.',
    language: /Deutsch/,
  },
  en: {
    login: { email: 'E-mail address', password: 'Password', submit: 'Log in', welcome: /Welcome/ },
    section: 'SSH keys',
    add: 'Add key',
    user: 'Server user',
    publicKey: 'Public key',
    label: 'Label',
    submit: 'Add and apply',
    tooShort: 'This RSA key is too short. RSA keys need at least 3072 bits; better create an ssh-ed25519 key.',
    bits: '256 bits',
    applied: 'The change was applied.',
    skipped: 'ssh-keygen is not installed on this server',
    files: 'authorized_keys files on the server',
    writeNow: 'Write to server now',
    rollback: 'Undo last change',
    confirmRollback: 'Undo',
    rolledBack: 'The previous version was restored.',
    language: /English/,
  },
} as const;

type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = texts.de.login;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page.getByLabel(new RegExp(`^${t.password}`)).first().fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  // The user's language is stored with the account: another test may have switched it.
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: texts[lang].language }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].login.welcome })).toBeVisible();
}

/** The SSH section of web01 of cluster 20011, opened from the dashboard like a user would. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^web01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  await page.getByRole('link', { name: texts[lang].section, exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/ssh$/);
  await expect(page.getByTestId('ssh-user-deploy')).toBeVisible();
}

/** Light and dark screenshots for review (only when CRONSSH_SHOTS names a directory). */
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/ssh-${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function jobSucceeded(page: Page): Promise<void> {
  const progress = page.getByTestId('apply-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
}

/** The demo keys are not on the server the first time: write them, so a rollback has a version to go back to. */
async function ensureApplied(page: Page, lang: Lang): Promise<void> {
  const t = texts[lang];
  await page.getByRole('button', { name: t.files }).click();
  await expect(page.getByTestId('ssh-file-deploy')).toBeVisible();
  const writeNow = page.getByRole('button', { name: t.writeNow });
  if (await writeNow.isVisible()) {
    await writeNow.click();
    await jobSucceeded(page);
    await expect(writeNow).toBeHidden();
  }
  await page.getByRole('button', { name: t.files }).click();
}

for (const lang of ['de', 'en'] as const) {
  test(`R2.031 R2.024 ssh keys (${lang}): a short RSA key refused, type, length and fingerprint before saving, apply with progress, authorized_keys, roll back`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    const key = keys[lang];
    const label = `E2E laptop (${lang})`;
    await login(page, lang);
    await openSection(page, lang);
    await shot(page, `${lang}-list`);
    await ensureApplied(page, lang);

    // A 2048-bit RSA key: the check says why before saving, and the server refuses it (422 under the field).
    await page.getByRole('link', { name: t.add }).first().click();
    await expect(page).toHaveURL(/\/managed\/ssh\/create$/);
    await page.getByLabel(t.publicKey).fill(rsa2048);
    await expect(page.getByTestId('ssh-key-problem')).toHaveText(t.tooShort);
    await page.getByRole('textbox', { name: t.label, exact: true }).fill('Old laptop');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.locator('#ssh-publicKey-helper-text')).toHaveText(t.tooShort);
    await shot(page, `${lang}-too-short`);

    // An Ed25519 key: type, length and fingerprint shown, the label proposed from its comment.
    await page.getByRole('textbox', { name: t.label, exact: true }).fill('');
    await page.getByLabel(t.user).click();
    await page.getByRole('option', { name: 'developer' }).click();
    await page.getByLabel(t.publicKey).fill(key.line);
    const recognised = page.getByTestId('ssh-key-recognised');
    await expect(recognised).toContainText('Ed25519');
    await expect(recognised).toContainText(t.bits);
    await expect(page.getByTestId('ssh-key-fingerprint')).toHaveText(key.fingerprint);
    await expect(page.getByRole('textbox', { name: t.label, exact: true })).toHaveValue(`e2e-${lang}@laptop`);
    await page.getByRole('textbox', { name: t.label, exact: true }).fill(label);
    await shot(page, `${lang}-form`);
    await page.getByRole('button', { name: t.submit }).click();

    // Apply with progress; ssh-keygen -l checks the file where it is installed.
    await expect(page).toHaveURL(/\/managed\/ssh\?job=\d+$/);
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.applied);
    if (hasSshKeygen) await expect(page.getByTestId('apply-progress')).not.toContainText(t.skipped);
    else await expect(page.getByTestId('apply-progress')).toContainText(t.skipped);
    const row = page.getByTestId('ssh-user-developer').getByRole('row').filter({ hasText: label });
    await expect(row).toContainText(key.fingerprint);
    await expect(row).toContainText('Ed25519');
    await shot(page, `${lang}-applied`);

    // The file: the key with the label as its comment, nothing of the pasted comment.
    await page.getByRole('button', { name: t.files }).click();
    const file = page.getByTestId('ssh-file-developer');
    await expect(file).toContainText(`${key.line.split(' ').slice(0, 2).join(' ')} ${label}`);
    await expect(file).not.toContainText(`e2e-${lang}@laptop`);
    await shot(page, `${lang}-files`);

    // Roll back to the version before: the key is gone again.
    await page.getByRole('button', { name: t.rollback }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirmRollback }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(t.rolledBack);
    await expect(row).toHaveCount(0);
    await expect(file).not.toContainText(label);
  });
}
