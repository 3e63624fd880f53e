import { expect, test } from './fixtures';
import { login, users } from './helpers';

const texts = {
  de: {
    user: users.manager,
    allowed: '20011',
    forbidden: '20012',
    title: 'Persönliche Zugriffstoken',
    apiKeys: /Seit dem 01\.03\.2023 konnten keine neuen API-Keys mehr erstellt werden, und am 01\.04\.2023/,
    empty: 'Sie haben noch keine persönlichen Zugriffstoken.',
    create: 'Token erstellen',
    dialog: 'Persönlichen Zugriffstoken erstellen',
    name: 'Name',
    date: 'Ablaufdatum',
    unlimited: 'Unbegrenzt',
    until: 'Gültig bis',
    full: 'Vollzugriff',
    limited: 'Eingeschränkter Zugriff',
    required: 'Dieses Feld ist erforderlich.',
    clusterRequired: 'Bitte wählen Sie mindestens einen Cluster aus.',
    dateInPast: 'Das Ablaufdatum darf nicht vor dem heutigen Tag liegen.',
    createdTitle: 'Ihr neuer Token',
    copy: 'Kopieren',
    copied: 'Der Token wurde in die Zwischenablage kopiert.',
    createdNotice: 'Der Token wurde erstellt.',
    done: 'Fertig',
    restriction: 'Cluster 20011',
    actionsFor: 'Aktionen für Deployment',
    delete: 'Löschen',
    deleteConfirm: 'Token löschen',
    deleted: 'Der Token wurde gelöscht.',
    search: 'Nach Name suchen',
    emptySearch: 'Kein Token passt zu Ihrer Suche.',
    locale: 'de-DE',
  },
  en: {
    user: 'tobias.schmidt@mueller-schmidt.example',
    allowed: '20011',
    forbidden: '20012',
    title: 'Personal access tokens',
    apiKeys: /no new API keys could be created from 01\.03\.2023, and the remaining API keys stopped working on 01\.04\.2023/,
    empty: 'You have no personal access tokens yet.',
    create: 'Create token',
    dialog: 'Create personal access token',
    name: 'Name',
    date: 'Expiry date',
    unlimited: 'Unlimited',
    until: 'Valid until',
    full: 'Full access',
    limited: 'Limited access',
    required: 'This field is required.',
    clusterRequired: 'Please choose at least one cluster.',
    dateInPast: 'The expiry date may not be before today.',
    createdTitle: 'Your new token',
    copy: 'Copy',
    copied: 'The token has been copied to the clipboard.',
    createdNotice: 'The token has been created.',
    done: 'Done',
    restriction: 'Cluster 20011',
    actionsFor: 'Actions for Deployment',
    delete: 'Delete',
    deleteConfirm: 'Delete token',
    deleted: 'The token has been deleted.',
    search: 'Search by name',
    emptySearch: 'No token matches your search.',
    locale: 'en-GB',
  },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const oneMonthAhead = (d: Date) => {
  const last = new Date(d.getFullYear(), d.getMonth() + 2, 0).getDate();
  return isoDay(new Date(d.getFullYear(), d.getMonth() + 1, Math.min(d.getDate(), last)));
};

for (const lang of ['de', 'en'] as const) {
  const t = texts[lang];
  test(`R2.069 R2.070 R2.071 R2.072 R2.073 R2.074 R2.075 R2.076 R4.034 R4.035 R4.036 R5.015 R5.016 R5.017 R9.011 R9.012 R9.022 R3.016 R3.020 create a token, call the API with it (its cluster yes, another 403), delete it (then 401) (${lang})`, async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, t.user);
    const clusters = (await (await page.request.get('/api/v1/clusters?per_page=100')).json()).data as { id: number; number: string }[];
    const id = (number: string) => clusters.find((c) => c.number === number)!.id;

    await page.goto('/a/profile/personal-access-token');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByTestId('api-keys-discontinued')).toHaveText(t.apiKeys);
    await expect(page.getByText(t.empty)).toBeVisible();
    // No tokens: no search box.
    await expect(page.getByLabel(t.search)).toHaveCount(0);

    await page.getByRole('button', { name: t.create }).first().click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    // §4/§9 defaults: until a day one month ahead, limited access.
    // "Today" as the browser sees it (Europe/Berlin): between 23:00 and 24:00 UTC the test process is a day behind.
    const [year, month, day] = await page.evaluate(() => {
      const now = new Date();
      return [now.getFullYear(), now.getMonth(), now.getDate()];
    });
    await expect(dialog.getByLabel(t.date)).toHaveValue(oneMonthAhead(new Date(year, month, day)));
    await expect(dialog.getByRole('radio', { name: t.until })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: t.limited })).toBeChecked();
    // Only active clusters of the user are offered.
    await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${t.allowed} `) })).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: /^2002\d / })).toHaveCount(0);

    await dialog.getByLabel(t.date).fill(isoDay(new Date(Date.now() - 86_400_000)));
    await dialog.getByRole('button', { name: t.create }).click();
    await expect(dialog.getByText(t.required)).toBeVisible();
    await expect(dialog.getByText(t.dateInPast)).toBeVisible();
    await expect(dialog.getByText(t.clusterRequired)).toBeVisible();

    // Full access disables the cluster choice; unlimited clears the day.
    await dialog.getByRole('radio', { name: t.full }).check();
    await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${t.allowed} `) })).toBeDisabled();
    await expect(dialog.getByText(t.clusterRequired)).toHaveCount(0);
    await dialog.getByRole('radio', { name: t.limited }).check();
    await dialog.getByRole('radio', { name: t.unlimited }).check();
    await expect(dialog.getByLabel(t.date)).toHaveCount(0);
    await dialog.getByRole('radio', { name: t.until }).check();
    await dialog.getByLabel(t.date).fill(oneMonthAhead(new Date()));

    await dialog.getByRole('textbox', { name: /^Name/ }).fill('Deployment');
    await dialog.getByRole('checkbox', { name: new RegExp(`^${t.allowed} `) }).check();
    await dialog.getByRole('button', { name: t.create }).click();

    // The token is shown once, with a copy button; the list refreshes behind it.
    const created = page.getByRole('dialog', { name: t.createdTitle });
    await expect(created).toBeVisible();
    await expect(page.getByText(t.createdNotice)).toBeVisible();
    const token = await created.getByTestId('new-token').inputValue();
    expect(token).toMatch(/^\d+\|[A-Za-z0-9_-]{43}$/);
    await created.getByRole('button', { name: t.copy }).click();
    await expect(page.getByText(t.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await created.getByRole('button', { name: t.done }).click();
    await expect(created).toBeHidden();

    const tokenId = token.split('|')[0];
    const row = page.locator(`tr[data-token="${tokenId}"]`);
    await expect(row).toContainText(`${tokenId}|••••••••`);
    await expect(row).toContainText('Deployment');
    await expect(row).toContainText(t.restriction);
    const expiry = new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${oneMonthAhead(new Date())}T00:00:00Z`));
    await expect(row).toContainText(expiry);
    await expect(row.locator('td').nth(4)).toHaveText('–');
    // The secret is never shown again.
    await expect(page.getByText(token.split('|')[1])).toHaveCount(0);

    // A third party with only the token: its cluster yes, another cluster 403.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    const own = await api.get(`/api/v1/clusters/${id(t.allowed)}`);
    expect(own.status()).toBe(200);
    expect((await own.json()).number).toBe(t.allowed);
    expect((await api.get(`/api/v1/clusters/${id(t.forbidden)}`)).status()).toBe(403);
    // The last use shows up.
    await page.reload();
    await expect(row.locator('td').nth(4)).not.toHaveText('–');

    // Search (shown once tokens exist).
    await page.getByLabel(t.search).fill('nothing like it');
    await expect(page.getByText(t.emptySearch)).toBeVisible();
    await page.getByLabel(t.search).fill('deploy');
    await expect(row).toBeVisible();

    // Delete with confirmation; the token stops working at once.
    await row.getByRole('button', { name: t.actionsFor }).click();
    await page.getByRole('menuitem', { name: t.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page.getByText(t.deleted)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await api.get(`/api/v1/clusters/${id(t.allowed)}`)).status()).toBe(401);
    await api.dispose();
  });
}

test('R2.069 R2.073 the table sorts and pages on the server; unlimited tokens show "Unbegrenzt"', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, users.partner);
  for (let i = 1; i <= 12; i++) {
    const res = await page.request.post('/api/v1/me/personal-access-tokens', {
      headers: { 'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'portal_csrf')!.value },
      data: { name: `Token ${String(i).padStart(2, '0')}`, expires: i % 3 ? 1 : 0, expires_at: i % 3 ? isoDay(new Date(Date.now() + i * 86_400_000)) : null, abilities: { global: true } },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/a/profile/personal-access-token');
  const rows = page.locator('tbody tr[data-token]');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText('Token 12');
  await expect(rows.first()).toContainText('Unbegrenzt');
  await expect(rows.first()).toContainText('Vollzugriff');
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(rows.first()).toContainText('Token 01');
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(rows.first()).toContainText('Token 12');
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Token 02');
});
