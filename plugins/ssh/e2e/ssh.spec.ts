/**
 * The SSH keys section in the browser, in German and English: add a key (a 2048-bit RSA key refused,
 * type, length and fingerprint shown before saving, the label taken from the key's comment), apply
 * with progress (checked with ssh-keygen -l where installed), the result in the list and in
 * authorized_keys, roll back.
 */
import { expect, test, ensureApplied, hasProgram, jobSucceeded, openSection, rollBack, sdkTexts, shot, signIn, type Lang, journeyLanguages } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const hasSshKeygen = hasProgram('ssh-keygen');

// Made with ssh-keygen for this test (the private halves were discarded).
const keys = {
  de: { line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDgFsxzUL7n4WLNMBi7DDJP1f9TwYoFYAhmkS3JhxdMd e2e-de@laptop', fingerprint: 'SHA256:IOvUrMj6v1v+1Z7xMD2xZSsf1fjENy1rwxMgHOX2j8Q' },
  en: { line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH5lK6ULFv6gR9DqSlBRryFUY3/QpcCP3rpyKjbKu3zi e2e-en@laptop', fingerprint: 'SHA256:gUNw1bZuYjLaopaSjLWMj8Vdr6WJTnQ5D10j+WUz0gA' },
};
const rsa2048 =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCZg3w4MKDz9FmMGmeJYE32lmE80CBLxiwx3q8uZL3kNmsdagQ1ruw4juu+sYrNPz6COAuP9u0tGMOMzLBXHfshYh3esGMk5teCnMST3pv3gGON7ryBOJNJ4tuKmoyzEOm4KDV5r+2NDN6ZHVYmn27d602GJQxQogqGl8sZadern4+v13JiUPZsswRqSezgEqTPmH7eutz1lvOcg37mQEvllCxmC9N1xGaq0TSYhQ1IeWD1BGn7JRt9r5VKDe2/rbsxkeGpOIwffnSpALnO4J5+wPos+90+56mjr/TKz/FuKk+Zfvh8XPXmkKhxa0xSkXMnh2cM36taoJse623alkVP old@laptop';

/** The texts the user sees, from the plugin's own translations (and the managed namespace's "not installed" note). */
const texts = Object.fromEntries(
  ([['de', de, 'ssh-keygen ist auf diesem Server nicht installiert'], ['en', en, 'ssh-keygen is not installed on this server']] as const).map(([lang, m, skipped]) => [
    lang,
    { section: m.title, add: m.list.create, user: m.form.user, publicKey: m.form.publicKey, label: m.form.label, submit: m.form.submit, tooShort: m.errors.rsa_too_short, bits: m.form.bitsValue.replace('{{bits}}', '256'), skipped, files: m.file.title },
  ]),
) as Record<Lang, { section: string; add: string; user: string; publicKey: string; label: string; submit: string; tooShort: string; bits: string; skipped: string; files: string }>;

for (const lang of journeyLanguages('en')) {
  test(`R2.031 R2.024 ssh keys (${lang}): a short RSA key refused, type, length and fingerprint before saving, apply with progress, authorized_keys, roll back`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    const key = keys[lang];
    const label = `E2E laptop (${lang})`;
    await signIn(page, lang);
    await openSection(page, 'ssh', t.section);
    await expect(page.getByTestId('ssh-user-deploy')).toBeVisible();
    await shot(page, `ssh-${lang}-list`);
    await ensureApplied(page, lang, t.files);

    // A 2048-bit RSA key: the check says why before saving, and the server refuses it (422 under the field).
    await page.getByRole('link', { name: t.add }).first().click();
    await expect(page).toHaveURL(/\/managed\/ssh\/create$/);
    await page.getByLabel(t.publicKey).fill(rsa2048);
    await expect(page.getByTestId('ssh-key-problem')).toHaveText(t.tooShort);
    await page.getByRole('textbox', { name: t.label, exact: true }).fill('Old laptop');
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.locator('#ssh-publicKey-helper-text')).toHaveText(t.tooShort);
    await shot(page, `ssh-${lang}-too-short`);

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
    await shot(page, `ssh-${lang}-form`);
    await page.getByRole('button', { name: t.submit }).click();

    // Apply with progress; ssh-keygen -l checks the file where it is installed.
    await expect(page).toHaveURL(/\/managed\/ssh\?job=\d+$/);
    await jobSucceeded(page);
    await expect(page.getByTestId('apply-progress')).toContainText(sdkTexts[lang].applied);
    if (hasSshKeygen) await expect(page.getByTestId('apply-progress')).not.toContainText(t.skipped);
    else await expect(page.getByTestId('apply-progress')).toContainText(t.skipped);
    const row = page.getByTestId('ssh-user-developer').getByRole('row').filter({ hasText: label });
    await expect(row).toContainText(key.fingerprint);
    await expect(row).toContainText('Ed25519');
    await shot(page, `ssh-${lang}-applied`);

    // The file: the key with the label as its comment, nothing of the pasted comment.
    await page.getByRole('button', { name: t.files }).click();
    const file = page.getByLabel('/home/developer/.ssh/authorized_keys', { exact: true });
    await expect(file).toContainText(`${key.line.split(' ').slice(0, 2).join(' ')} ${label}`);
    await expect(file).not.toContainText(`e2e-${lang}@laptop`);
    await shot(page, `ssh-${lang}-files`);

    // Roll back to the version before: the key is gone again.
    await rollBack(page, lang);
    await expect(row).toHaveCount(0);
    await expect(file).not.toContainText(label);
  });
}
