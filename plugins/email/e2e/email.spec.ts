/**
 * The `email` section in the browser (German by default, both with E2E_ALL_LANGUAGES=1) on the demo web server: the
 * demo domain, a new domain with its DKIM record in 255-byte strings and the SPF/DMARC suggestions on its detail page
 * (checked against a zone of the cluster's dns module, and the missing ones added to it from there),
 * a mailbox (a bad local part refused by the form, a taken address by the server under its field) whose generated
 * password is shown once, applied to the private Postfix with progress, a catch-all alias, the domain's BCC edited and
 * shown, the mailbox deleted after a confirmation.
 */
import { type Page } from '@playwright/test';
import { demoServerFor, expect, jobSucceeded, journeyLanguages, openSection, pluginTexts, shot, signIn, test } from '@portal/plugin-sdk/testing/e2e';
import de from '../i18n/de.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

const text = pluginTexts({ de, en });

/** Creates a zone for `origin` with the dns module of demo cluster 20011 (as the signed-in user); answers its API path. */
async function createDnsZone(page: Page, origin: string): Promise<string> {
  const name = await demoServerFor(page, 'dns');
  const clusters = (await (await page.request.get('/api/v1/clusters?search=20011')).json()) as { data: { id: number }[] };
  const clusterId = clusters.data[0]!.id;
  const detail = (await (await page.request.get(`/api/v1/clusters/${clusterId}`)).json()) as { servers: { id: number; name: string }[] };
  const serverId = detail.servers.find((s) => s.name === name)!.id;
  const csrf = (await page.context().cookies()).find((c) => c.name === 'portal_csrf')?.value ?? '';
  const base = `/api/v1/clusters/${clusterId}/servers/${serverId}/dns/zones`;
  expect((await page.request.post(base, { data: { origin }, headers: { 'X-CSRF-Token': csrf } })).status()).toBe(202);
  const zones = (await (await page.request.get(base)).json()) as { data: { id: number; origin: string }[] };
  return `${base}/${zones.data.find((z) => z.origin === origin)!.id}`;
}

for (const lang of journeyLanguages('de')) {
  test(`email (${lang}): a domain with DKIM/SPF/DMARC, a mailbox with its password shown once, a catch-all, BCC, delete`, async ({ page }) => {
    test.setTimeout(180_000);
    const domain = `e2e-${lang}.example`;
    await signIn(page, lang);
    await openSection(page, 'email', text(lang, 'title'), { service: 'email' });
    await expect(page.getByRole('link', { name: text(lang, 'list.open', { name: 'shop.example' }), exact: true })).toBeVisible();

    // A new domain: applied, then its detail page with the DNS records.
    await page.getByRole('link', { name: text(lang, 'list.create') }).first().click();
    await page.getByRole('textbox', { name: text(lang, 'form.name') }).fill(domain);
    await page.getByRole('textbox', { name: text(lang, 'form.dkimSelector') }).fill('e2e');
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await jobSucceeded(page);
    await page.getByRole('link', { name: text(lang, 'list.open', { name: domain }) }).click();
    await expect(page).toHaveURL(/\/managed\/email\/domains\/\d+$/);
    await expect(page.getByTestId('email-dkim').getByRole('textbox', { name: text(lang, 'domain.recordName') })).toHaveValue(`e2e._domainkey.${domain}`);
    await expect(page.getByTestId('email-dkim').getByRole('textbox', { name: text(lang, 'domain.dkim') })).toHaveValue(/^"v=DKIM1; k=rsa; p=[^"]{200,255}" "[^"]+"$/);
    await expect(page.getByTestId('email-dmarc').getByRole('textbox', { name: text(lang, 'domain.recordName') })).toHaveValue(`_dmarc.${domain}`);
    await expect(page.getByTestId('email-spf').getByRole('textbox', { name: text(lang, 'domain.spf') })).toHaveValue('"v=spf1 mx -all"');

    // The cluster's DNS holds no zone for the domain yet; once the dns module has one, the records missing from it are
    // added from here (the dns module's own operation, as this user) and then found matching in the zone.
    await expect(page.getByText(text(lang, 'domain.zoneNone', { domain }))).toBeVisible();
    const zone = await createDnsZone(page, domain);
    await page.reload();
    for (const id of ['email-dkim', 'email-spf', 'email-dmarc']) await expect(page.getByTestId(id)).toHaveAttribute('data-state', 'missing');
    await page.getByRole('button', { name: text(lang, 'domain.addToZone', { origin: domain }) }).click();
    for (const id of ['email-dkim', 'email-spf', 'email-dmarc']) await expect(page.getByTestId(id)).toHaveAttribute('data-state', 'matching');
    await expect(page.getByRole('button', { name: text(lang, 'domain.addToZone', { origin: domain }) })).toBeHidden();
    const zoneFile = ((await (await page.request.get(zone)).json()) as { zoneFile: string }).zoneFile;
    expect(zoneFile).toMatch(/^e2e\._domainkey\s+IN TXT\s+\(\s*"v=DKIM1; k=rsa; p=[^"]{200,255}"\s+"[^"]+"\s*\)/m);

    // A mailbox: the form refuses a bad local part; the password is shown once; the job applies it.
    await page.getByRole('link', { name: text(lang, 'domain.newMailbox') }).click();
    await page.getByRole('textbox', { name: text(lang, 'form.localPart') }).fill('Bad Name');
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#email-localPart-helper-text')).toHaveText(text(lang, 'errors.localPart_format'));
    await page.getByRole('textbox', { name: text(lang, 'form.localPart') }).fill('anna');
    await page.getByRole('textbox', { name: text(lang, 'form.quotaMb') }).fill('512');
    await shot(page, `email-${lang}-mailbox-form`);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    const address = `anna@${domain}`;
    const dialog = page.getByRole('dialog', { name: text(lang, 'password.title', { address }) });
    await expect(dialog.getByLabel(text(lang, 'password.label'))).toHaveValue(/^[A-Za-z0-9_-]{32}$/);
    await dialog.getByRole('button', { name: text(lang, 'password.close') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('email-mailboxes')).toContainText(address);

    // The same address again: the server refuses it under the field.
    await page.getByRole('link', { name: text(lang, 'domain.newMailbox') }).click();
    await page.getByRole('textbox', { name: text(lang, 'form.localPart') }).fill('anna');
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await expect(page.locator('#email-localPart-helper-text')).toHaveText(text(lang, 'errors.address_taken'));
    await page.getByRole('button', { name: /abbrechen|cancel/i }).click();

    // A catch-all alias.
    await page.getByRole('link', { name: text(lang, 'domain.newAlias') }).click();
    await page.getByRole('textbox', { name: text(lang, 'form.destinations') }).fill(address);
    await page.getByRole('button', { name: text(lang, 'form.submitCreate') }).click();
    await jobSucceeded(page);
    await expect(page.getByTestId('email-aliases')).toContainText(`@${domain}`);
    await expect(page.getByTestId('email-aliases')).toContainText(text(lang, 'domain.catchAll'));

    // The domain's BCC of received mail.
    await page.getByRole('link', { name: text(lang, 'domain.editDomain') }).click();
    await page.getByRole('textbox', { name: text(lang, 'form.recipientBcc') }).fill(`archive@${domain}`);
    await page.getByRole('button', { name: text(lang, 'form.submitEdit') }).click();
    await jobSucceeded(page);
    await page.getByRole('link', { name: text(lang, 'list.open', { name: domain }) }).click();
    await expect(page.getByTestId('email-bcc')).toContainText(text(lang, 'domain.bccRecipient', { address: `archive@${domain}` }));
    await shot(page, `email-${lang}-domain`);

    // Delete the mailbox after a confirmation.
    await page.getByRole('button', { name: text(lang, 'domain.deleteEntry', { address }) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text(lang, 'delete.confirm') }).click();
    await jobSucceeded(page);
    await expect(page.getByText(text(lang, 'domain.noMailboxes'))).toBeVisible();
  });
}
