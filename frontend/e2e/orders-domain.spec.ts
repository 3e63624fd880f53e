import { domainToASCII } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';
import { mailTo } from './mailbox';

/** The texts a language shows, so one flow runs in German and in English. */
const texts = {
  de: {
    user: users.manager,
    nav: 'Bestellungen',
    domains: 'Domains',
    orderDomain: 'Domain bestellen',
    next: 'Weiter',
    back: 'Zurück',
    submit: 'Zahlungspflichtig bestellen',
    required: 'Dieses Feld ist erforderlich.',
    terms: 'Bitte bestätigen Sie die Bestellung.',
    invalidTld: 'Diese Top-Level-Domain ist ungültig oder wird nicht unterstützt.',
    tooLong: 'Der Domainname darf höchstens 63 Zeichen lang sein.',
    taken: /Diese Domain ist bereits registriert/,
    authCodeRequired: 'Für einen Transfer ist der Auth-Code erforderlich.',
    customer: 'Kunde',
    cluster: 'Cluster',
    domain: 'Domain',
    transfer: 'Transfer mit Auth-Code',
    register: 'Neu registrieren',
    owner: 'Domaininhaber',
    admin: 'ADMIN-C',
    createOwner: 'Neuen Handle als Domaininhaber anlegen',
    firstname: /^Vorname/,
    surname: /^Nachname/,
    street: /^Straße und Hausnummer/,
    postalCode: /^PLZ/,
    city: /^Ort/,
    email: /^E-Mail-Adresse/,
    phone: /^Telefon/,
    saveHandle: 'Handle speichern',
    acceptTerms: /Ich habe die AGB/,
    thanks: 'Vielen Dank für Ihre Bestellung!',
    toOrders: 'Zur Bestellübersicht',
    completed: 'Abgeschlossen',
    search: 'Suche',
    registration: 'Neu registrieren',
    mailSubject: /Ihre Bestellung B-\d+ ist eingegangen/,
  },
  en: {
    user: 'james.miller@mueller-schmidt.example',
    nav: 'Orders',
    domains: 'Domains',
    orderDomain: 'Order a domain',
    next: 'Next',
    back: 'Back',
    submit: 'Order with obligation to pay',
    required: 'This field is required.',
    terms: 'Please confirm the order.',
    invalidTld: 'This top-level domain is invalid or not supported.',
    tooLong: 'The domain name may have at most 63 characters.',
    taken: /This domain is already registered/,
    authCodeRequired: 'A transfer needs the auth code.',
    customer: 'Customer',
    cluster: 'Cluster',
    domain: 'Domain',
    transfer: 'Transfer with auth code',
    register: 'Register new',
    owner: 'Domain owner',
    admin: 'ADMIN-C',
    createOwner: 'Create a new handle as domain owner',
    firstname: /^First name/,
    surname: /^Last name/,
    street: /^Street and number/,
    postalCode: /^Postcode/,
    city: /^City/,
    email: /^E-mail address/,
    phone: /^Phone/,
    saveHandle: 'Save handle',
    acceptTerms: /I have read the terms/,
    thanks: 'Thank you for your order!',
    toOrders: 'To the order overview',
    completed: 'Completed',
    search: 'Search',
    registration: 'Register new',
    mailSubject: /Your order B-\d+ was received/,
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

const oneTimeGross = (page: Page) => page.getByTestId('price-one-time').locator('[data-amount="gross"]').first();
const next = (page: Page, l: Texts) => page.getByRole('button', { name: l.next }).click();

/**
 * The whole wizard: an error per step, back keeps the input, a deep link, the summary, the thank-you
 * page, and the order in the domain tab moving live to completed. `ownerName` is created inline.
 */
async function orderDomain(page: Page, l: Texts, label: string, owner: { firstname: string; surname: string } | null): Promise<void> {
  const since = Date.now();
  // A new name per attempt (a retry runs against the same database, where the first attempt's domain is taken);
  // Node's own UTS #46 conversion is the independent oracle of the punycode form.
  const unicodeDomain = `${label}-${since.toString(36)}.de`;
  const asciiDomain = domainToASCII(unicodeDomain);
  await page.getByRole('link', { name: l.nav }).first().click();
  await page.getByRole('tab', { name: l.domains }).click();
  await page.getByRole('link', { name: l.orderDomain }).click();
  await expect(page).toHaveURL(/\/a\/orders\/domain$/);

  // Customer: nothing chosen → required.
  await next(page, l);
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('combobox', { name: l.customer }).click();
  await page.getByRole('option', { name: /Müller & Schmidt Online GmbH/ }).click();
  await next(page, l);

  // Cluster: nothing chosen → required.
  await expect(page).toHaveURL(/step=cluster/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="cluster"]')).toBeVisible();
  await next(page, l);
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('combobox', { name: l.cluster }).click();
  await page.getByRole('option', { name: /Onlineshop Produktion \(20011\)/ }).click();
  await next(page, l);

  // Domain: invalid TLD, a label over 63 characters, a taken domain, a transfer without auth code.
  await expect(page).toHaveURL(/step=domain/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="domain"]')).toBeVisible();
  const domain = page.getByRole('textbox', { name: l.domain, exact: true });
  await domain.fill('mein-shop.invalid');
  await next(page, l);
  await expect(page.getByText(l.invalidTld)).toBeVisible();
  await domain.fill(`${'a'.repeat(64)}.de`);
  await next(page, l);
  await expect(page.getByText(l.tooLong, { exact: true })).toBeVisible();
  await domain.fill('example.de');
  await next(page, l);
  await expect(page.getByText(l.taken)).toBeVisible();
  await page.getByRole('radio', { name: l.transfer }).check();
  await next(page, l);
  await expect(page.getByText(l.authCodeRequired)).toBeVisible();
  await page.getByRole('radio', { name: l.register }).check();
  await domain.fill(unicodeDomain);
  await next(page, l);
  // The one-time price of the first year is shown (12,00 € net + 19 % = 14,28 €).
  await expect(oneTimeGross(page)).toHaveText(/14[.,]28/);

  // Handles: nothing chosen → required; the owner created inline, the ADMIN-C chosen.
  await expect(page).toHaveURL(/step=handle/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="handle"]')).toBeVisible();
  // The step's handle lists load after it shows; on a loaded machine a first "next" can come before the form
  // takes it. With nothing chosen the wizard stays on the step, so "next" is pressed until the refusal shows.
  await expect(async () => {
    await next(page, l);
    await expect(page.getByText(l.required).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  if (owner) {
    await page.getByRole('button', { name: l.createOwner }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: l.firstname }).fill(owner.firstname);
    await dialog.getByRole('textbox', { name: l.surname }).fill(owner.surname);
    await dialog.getByRole('textbox', { name: l.street }).fill('Hauptstraße 1');
    await dialog.getByRole('textbox', { name: l.postalCode }).fill('10115');
    await dialog.getByRole('textbox', { name: l.city }).fill('Berlin');
    await dialog.getByRole('textbox', { name: l.email }).fill('inhaber@example.de');
    await dialog.getByRole('textbox', { name: l.phone }).fill('+49 30 1234567');
    await dialog.getByRole('button', { name: l.saveHandle }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: l.owner })).toContainText(`${owner.firstname} ${owner.surname}`);
  } else {
    await page.getByRole('combobox', { name: l.owner }).click();
    await page.getByRole('option', { name: /Müller & Schmidt Online GmbH \(H10001-1\)/ }).click();
  }
  await page.getByRole('combobox', { name: l.admin }).click();
  await page.getByRole('option', { name: /Tobias Schmidt \(H10001-2\)/ }).click();

  // Back keeps what was entered: the domain and, coming forward again, the handles.
  await page.getByRole('button', { name: l.back }).click();
  await expect(page).toHaveURL(/step=domain/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="domain"]')).toBeVisible();
  await expect(domain).toHaveValue(unicodeDomain);
  await next(page, l);
  await expect(page.getByRole('combobox', { name: l.admin })).toContainText('Tobias Schmidt');
  await next(page, l);

  // Order: no confirmation → error.
  await expect(page).toHaveURL(/step=order/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="order"]')).toBeVisible();
  await next(page, l);
  await expect(page.getByText(l.terms)).toBeVisible();
  await page.getByRole('checkbox', { name: l.acceptTerms }).check();
  await next(page, l);

  // Check order: the summary shows both forms of the IDN and the handles; a deep link keeps it.
  await expect(page).toHaveURL(/step=check/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="check"]')).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText(`${unicodeDomain} (${asciiDomain})`);
  await expect(summary).toContainText('Tobias Schmidt (H10001-2)');
  if (owner) await expect(summary).toContainText(`${owner.firstname} ${owner.surname}`);
  await page.goto('/a/orders/domain?step=domain');
  await expect(page.getByRole('textbox', { name: l.domain, exact: true })).toHaveValue(unicodeDomain);
  await page.goto('/a/orders/domain?step=check');
  await expect(page.getByTestId('order-summary')).toContainText(asciiDomain);
  const gross = (await oneTimeGross(page).textContent())!;
  await page.getByRole('button', { name: l.submit }).click();

  // Thank you → the order overview's domain tab, where the status moves live to completed.
  await expect(page.getByRole('heading', { level: 1, name: l.thanks })).toBeVisible();
  const number = /B-\d+/.exec((await page.getByTestId('order-thanks').textContent())!)![0];
  await page.getByRole('link', { name: l.toOrders }).click();
  await expect(page).toHaveURL(/tab=domain/);
  const row = page.locator(`tbody tr[data-order="${number}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(unicodeDomain);
  await expect(row).toContainText(l.registration);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(row).toContainText(l.completed);
  // R2.042: the domain tab finds it by the domain holder.
  await page.getByRole('searchbox', { name: l.search }).fill(owner ? owner.surname : 'Müller & Schmidt');
  await expect(page.locator(`tbody tr[data-order="${number}"]`)).toBeVisible();
  await page.locator(`tbody tr[data-order="${number}"]`).getByRole('link', { name: number }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('domain-order-facts')).toContainText(asciiDomain);
  await expect(dialog.getByTestId('price-one-time').locator('[data-amount="gross"]')).toHaveText(gross);
  const mail = await mailTo(l.user, 'orderConfirmation', since);
  expect(mail.subject).toMatch(l.mailSubject);
  expect(mail.subject).toContain(number);
}

test.describe('domain order (German)', () => {
  test('R2.051 R2.052 R2.053 R2.042 R5.029 R8.012 R9.007 the domain wizard end to end: an error per step, IDN, back keeps the input, deep links, summary, thank you, live status to completed', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, texts.de.user);
    await orderDomain(page, texts.de, 'müller-e2e-laden', { firstname: 'Erika', surname: 'Inhaberin' });
  });
});

test.describe('domain order (English)', () => {
  test('R2.051 R2.052 R2.053 R2.042 R9.007 the domain wizard end to end in English', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, texts.en.user);
    await orderDomain(page, texts.en, 'bäckerei-e2e', null);
  });
});
