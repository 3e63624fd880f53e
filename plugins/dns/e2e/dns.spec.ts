/**
 * The DNS section in the browser, in German and English: create a record in form mode, a CNAME next to
 * other records refused, the zone file edited in expert mode (a bad line reported with its number),
 * apply with progress, the result (serial bumped, named-checkzone's check), roll back.
 */
import { type Page } from '@playwright/test';
import { expect, test, journeyLanguages } from '@portal/plugin-sdk/testing/e2e';

const password = 'Demo-Portal-2026';
const shots = process.env.DNS_SHOTS; // a directory: screenshots of every screen (light and dark) for review

const texts = {
  de: {
    login: { email: 'E-Mail-Adresse', password: 'Passwort', submit: 'Anmelden', welcome: /Willkommen/ },
    language: /Deutsch/,
    section: 'DNS',
    addRecord: 'Eintrag hinzufügen',
    type: 'Typ',
    name: 'Name',
    ttl: 'TTL (Sekunden)',
    ipv4: 'IPv4-Adresse',
    target: 'Zielname',
    save: 'Speichern und übernehmen',
    cancel: 'Abbrechen',
    applied: 'Die Änderung wurde übernommen.',
    rolledBack: 'Die vorherige Version wurde wiederhergestellt.',
    checked: 'Geprüft mit named-checkzone.',
    serial: /Seriennummer (\d{10})/,
    cnameConflict: 'Ein CNAME-Eintrag muss der einzige Eintrag unter seinem Namen sein: Unter diesem Namen gibt es bereits andere Einträge.',
    formMode: 'Einträge',
    expertMode: 'Zonendatei (Experte)',
    zoneFile: 'Zonendatei von shop-mueller-schmidt.example',
    line: (n: number) => `Zeile ${n}`,
    unsupported: 'Dieser Eintragstyp wird hier nicht verwaltet (A, AAAA, CNAME, MX, TXT, SRV, CAA und NS schon).',
    rollback: 'Letzte Änderung rückgängig',
    confirmRollback: 'Rückgängig machen',
    settings: 'Zoneneinstellungen',
  },
  en: {
    login: { email: 'E-mail address', password: 'Password', submit: 'Log in', welcome: /Welcome/ },
    language: /English/,
    section: 'DNS',
    addRecord: 'Add record',
    type: 'Type',
    name: 'Name',
    ttl: 'TTL (seconds)',
    ipv4: 'IPv4 address',
    target: 'Target name',
    save: 'Save and apply',
    cancel: 'Cancel',
    applied: 'The change was applied.',
    rolledBack: 'The previous version was restored.',
    checked: 'Checked with named-checkzone.',
    serial: /Serial (\d{10})/,
    cnameConflict: 'A CNAME record must be the only record at its name: this name has other records already.',
    formMode: 'Records',
    expertMode: 'Zone file (expert)',
    zoneFile: 'Zone file of shop-mueller-schmidt.example',
    line: (n: number) => `Line ${n}`,
    unsupported: 'This record type is not managed here (A, AAAA, CNAME, MX, TXT, SRV, CAA and NS are).',
    rollback: 'Undo last change',
    confirmRollback: 'Undo',
    settings: 'Zone settings',
  },
} as const;

type Lang = keyof typeof texts;

async function login(page: Page, lang: Lang): Promise<void> {
  const t = texts.de.login;
  await page.goto('/a/login');
  await page.getByLabel(t.email).fill('admin@demo.example');
  await page.getByLabel(new RegExp(`^${t.password}`)).first().fill(password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  // The language is a setting of the user: the previous test may have left it at the other one.
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
  await page.getByRole('button', { name: texts[lang].language }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts[lang].login.welcome })).toBeVisible();
}

/** The DNS section of the load balancer of cluster 20011, opened from the dashboard like a user would. */
async function openSection(page: Page, lang: Lang): Promise<void> {
  await page.locator('tr[data-cluster="20011"]').getByTestId('open-managed').click();
  await page.getByRole('menuitem', { name: /^lb01\.c20011/ }).click();
  await expect(page).toHaveURL(/\/managed\/dashboard$/);
  await expect(page.getByRole('region', { name: texts[lang].section })).toBeVisible();
  await shot(page, `${lang}-dashboard`);
  await page.getByRole('link', { name: texts[lang].section, exact: true }).first().click();
  await expect(page).toHaveURL(/\/managed\/dns$/);
  await expect(page.getByTestId('dns-zone-row').first()).toBeVisible();
}

/** A full-page screenshot in light and dark (review only). */
async function shot(page: Page, name: string): Promise<void> {
  if (!shots) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/dns-${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function jobSucceeded(page: Page, text: string): Promise<void> {
  const progress = page.getByTestId('apply-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
  await expect(progress).toContainText(text);
}

async function serial(page: Page, lang: Lang): Promise<number> {
  const text = (await page.getByTestId('dns-zone-serial').textContent()) ?? '';
  return Number(texts[lang].serial.exec(text)?.[1]);
}

for (const lang of journeyLanguages('de')) {
  test(`R2.027 R2.024 dns (${lang}): record in form mode, CNAME conflict refused, zone file in expert mode, apply with progress, serial bumped, roll back`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = texts[lang];
    const host = `e2e-${lang}`;
    await login(page, lang);
    await openSection(page, lang);
    await shot(page, `${lang}-zones`);

    // The zone in form mode.
    await page.getByRole('link', { name: 'shop-mueller-schmidt.example' }).click();
    await expect(page).toHaveURL(/\/managed\/dns\/zones\/\d+\/modus\/form$/);
    await expect(page.locator('[data-testid="dns-record-row"][data-name="www"][data-type="CNAME"]')).toBeVisible();
    const before = await serial(page, lang);
    expect(before).toBeGreaterThan(2026000000);
    await shot(page, `${lang}-form`);

    // Create an A record: the preview shows its zone-file line; apply with progress; the serial goes up.
    await page.getByRole('button', { name: t.addRecord }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t.name, exact: true }).fill(host);
    await dialog.getByRole('textbox', { name: t.ipv4, exact: true }).fill('203.0.113.77');
    await dialog.getByRole('textbox', { name: t.ttl, exact: true }).fill('600');
    await expect(dialog.getByTestId('dns-record-preview')).toHaveText(`${host} 600 IN A 203.0.113.77`);
    await shot(page, `${lang}-record-dialog`);
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/modus\/form\?job=\d+$/);
    await jobSucceeded(page, t.applied);
    await expect(page.getByTestId('dns-check-output')).toContainText(t.checked);
    const row = page.locator(`[data-testid="dns-record-row"][data-name="${host}"]`);
    await expect(row).toContainText('203.0.113.77');
    // Higher than before (and above every serial issued before, even one a rollback took back).
    await expect.poll(() => serial(page, lang)).toBeGreaterThan(before);
    const applied = await serial(page, lang);
    await shot(page, `${lang}-applied`);

    // A CNAME next to the A record is refused on the name field (422), nothing is stored.
    await page.getByRole('button', { name: t.addRecord }).click();
    await dialog.getByRole('combobox', { name: t.type }).click();
    await page.getByRole('option', { name: 'CNAME', exact: true }).click();
    await dialog.getByRole('textbox', { name: t.name, exact: true }).fill(host);
    await dialog.getByRole('textbox', { name: t.target, exact: true }).fill('shop');
    await dialog.getByRole('button', { name: t.save }).click();
    await expect(dialog.locator('#dns-name-helper-text')).toHaveText(t.cnameConflict);
    await shot(page, `${lang}-cname-conflict`);
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(page.locator(`[data-testid="dns-record-row"][data-name="${host}"]`)).toHaveCount(1);
    expect(await serial(page, lang)).toBe(applied);

    // Expert mode: the zone file has the new record; a line of an unmanaged type is refused with its number.
    await page.getByRole('tab', { name: t.expertMode }).click();
    await expect(page).toHaveURL(/\/modus\/expert(\?job=\d+)?$/);
    const editor = page.getByRole('textbox', { name: t.zoneFile });
    await expect(editor).toHaveValue(new RegExp(`^${host} +600 +IN A +203\\.0\\.113\\.77$`, 'm'));
    const text = await editor.inputValue();
    const badLine = text.split('\n').length;
    await editor.fill(`${text}ptr-${lang} IN PTR x.example.\n`);
    await page.getByRole('button', { name: t.save }).click();
    const errors = page.getByTestId('dns-zonefile-errors');
    await expect(errors).toContainText(`${t.line(badLine)}: ${t.unsupported}`);
    await shot(page, `${lang}-expert-error`);
    await errors.getByRole('button', { name: t.line(badLine) }).click();
    await expect(editor).toBeFocused();

    // Fixed: an alias for the new host; saved and applied, serial up again, the editor shows the stored zone.
    await editor.fill(`${text}${host}-alias IN CNAME ${host} ; the alias\n`);
    await page.getByRole('button', { name: t.save }).click();
    await jobSucceeded(page, t.applied);
    await expect.poll(() => serial(page, lang)).toBe(applied + 1);
    await expect(editor).toHaveValue(new RegExp(`^${host}-alias +IN CNAME ${host}$`, 'm'));
    await shot(page, `${lang}-expert`);

    await page.getByRole('tab', { name: t.formMode }).click();
    await expect(page.locator(`[data-testid="dns-record-row"][data-name="${host}-alias"]`)).toBeVisible();

    // Roll back: the alias is gone, the A record stays, the zone is at the version before.
    await page.getByRole('button', { name: t.rollback }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirmRollback }).click();
    await jobSucceeded(page, t.rolledBack);
    await expect(page.locator(`[data-testid="dns-record-row"][data-name="${host}-alias"]`)).toHaveCount(0);
    await expect(page.locator(`[data-testid="dns-record-row"][data-name="${host}"]`)).toBeVisible();
    await expect.poll(() => serial(page, lang)).toBe(applied);
    await shot(page, `${lang}-rolled-back`);
  });
}

test('R2.027 dns: zone settings and deleting a record ask and explain', async ({ page }) => {
  test.setTimeout(90_000);
  const t = texts.de;
  await login(page, 'de');
  await openSection(page, 'de');
  await page.getByRole('link', { name: 'shop-mueller-schmidt.example' }).click();
  await page.getByRole('button', { name: t.settings }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'de-settings');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  // The zone's only two NS records: deleting one is fine, the last one is refused in the dialog.
  const ns = page.locator('[data-testid="dns-record-row"][data-name="@"][data-type="NS"]');
  await expect(ns).toHaveCount(2);
  await ns.first().getByRole('button', { name: /löschen$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'de-delete-record');
  await page.getByRole('dialog').getByRole('button', { name: 'Eintrag löschen' }).click();
  await jobSucceeded(page, t.applied);
  await expect(ns).toHaveCount(1);
  await ns.first().getByRole('button', { name: /löschen$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eintrag löschen' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Die Zone braucht mindestens einen NS-Eintrag bei @.');
  await page.getByRole('dialog').getByRole('button', { name: t.cancel }).click();
  await expect(ns).toHaveCount(1);
});
