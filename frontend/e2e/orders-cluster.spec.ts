import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';
import { mailTo } from './mailbox';

/** The texts a language shows, so one flow runs in German and in English. */
const texts = {
  de: {
    user: users.manager,
    nav: 'Bestellungen',
    orderCluster: 'Cluster bestellen',
    next: 'Weiter',
    back: 'Zurück',
    submit: 'Zahlungspflichtig bestellen',
    required: 'Dieses Feld ist erforderlich.',
    tooLarge: 'Der Wert ist zu groß.',
    terms: 'Bitte bestätigen Sie die Bestellung.',
    customer: 'Kunde',
    architecture: 'Extended Web Cluster',
    sla: 'Business',
    cpu: /CPU-Kerne/,
    clusterName: 'Clustername',
    acceptTerms: /Ich habe die AGB/,
    thanks: 'Vielen Dank für Ihre Bestellung!',
    toOrders: 'Zur Bestellübersicht',
    completed: 'Abgeschlossen',
    empty: 'Keine Bestellungen vorhanden.',
    domains: 'Domains',
    search: 'Suche',
    notFound: 'Die Bestellung B-090050 konnte in Ihrem Konto nicht gefunden werden.',
    statuses: ['Aktiv', 'Offen', 'Abgeschlossen', 'Abgelehnt', 'Storniert', 'Vorbereitung fehlgeschlagen', 'Vorbereitung abgeschlossen'],
    mailSubject: /Ihre Bestellung B-\d+ ist eingegangen/,
    monthly: 'Monatlich',
    newCustomer: 'Einen neuen Kunden',
    company: 'Firma',
    street: 'Straße und Hausnummer',
    zip: 'PLZ',
    city: 'Ort',
    invoiceEmails: 'Rechnungs-E-Mail-Adressen',
    paymentMethod: 'Zahlungsart',
    debit: 'SEPA-Lastschrift',
    bank: 'Bank',
    accountHolder: 'Kontoinhaber',
    mandate: /Ich ermächtige den Anbieter/,
    ibanInvalid: 'Die IBAN ist nicht gültig.',
    newLabel: '(Neukunde)',
  },
  en: {
    user: 'james.miller@mueller-schmidt.example',
    nav: 'Orders',
    orderCluster: 'Order a cluster',
    next: 'Next',
    back: 'Back',
    submit: 'Order with obligation to pay',
    required: 'This field is required.',
    tooLarge: 'The value is too large.',
    terms: 'Please confirm the order.',
    customer: 'Customer',
    architecture: 'Extended Web Cluster',
    sla: 'Business',
    cpu: /CPU cores/,
    clusterName: 'Cluster name',
    acceptTerms: /I have read the terms/,
    thanks: 'Thank you for your order!',
    toOrders: 'To the order overview',
    completed: 'Completed',
    empty: 'No orders available.',
    domains: 'Domains',
    search: 'Search',
    notFound: 'The order B-090050 could not be found in your account.',
    statuses: ['Active', 'Open', 'Completed', 'Declined', 'Cancelled', 'Preparation failed', 'Preparation completed'],
    mailSubject: /Your order B-\d+ was received/,
    monthly: 'Monthly',
    newCustomer: 'A new customer',
    company: 'Company',
    street: 'Street and number',
    zip: 'Postcode',
    city: 'City',
    invoiceEmails: 'Invoice e-mail addresses',
    paymentMethod: 'Payment method',
    debit: 'SEPA direct debit',
    bank: 'Bank',
    accountHolder: 'Account holder',
    mandate: /I authorise the provider/,
    ibanInvalid: 'The IBAN is not valid.',
    newLabel: '(new customer)',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

const rows = (page: Page) => page.locator('tbody tr[data-order]');
const monthlyGross = (page: Page) => page.getByTestId('price-monthly').locator('[data-amount="gross"]');

async function listAndNotFound(page: Page, l: Texts): Promise<void> {
  await page.getByRole('link', { name: l.nav }).first().click();
  await expect(page).toHaveURL(/\/a\/orders$/);
  await expect(page.getByRole('heading', { level: 1, name: l.nav })).toBeVisible();
  for (const s of l.statuses) await expect(page.locator('tbody').getByText(s, { exact: true }).first()).toBeVisible();
  await page.getByLabel(l.search, { exact: true }).fill('B-090001');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().getByRole('link', { name: 'B-090001' }).click();
  await expect(page).toHaveURL(/\/a\/orders\/cluster\/B-090001$/);
  await expect(page.getByRole('dialog')).toContainText('B-090001');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: l.domains }).click();
  await expect(page.getByTestId('orders-empty')).toHaveText(l.empty);
  await page.goto('/a/orders/cluster/B-090050');
  await expect(page.getByTestId('order-not-found')).toHaveText(l.notFound);
}

async function orderCluster(page: Page, l: Texts, name: string): Promise<void> {
  const since = Date.now();
  await page.goto('/a/orders');
  await page.getByRole('link', { name: l.orderCluster }).click();
  await expect(page).toHaveURL(/\/a\/orders\/cluster$/);

  // Customer: nothing chosen → required.
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('combobox', { name: l.customer }).click();
  await page.getByRole('option', { name: /Müller & Schmidt Online GmbH/ }).click();
  await page.getByRole('button', { name: l.next }).click();

  // Architecture: nothing chosen → required.
  await expect(page).toHaveURL(/step=architecture/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="architecture"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(l.architecture) }).check();
  await page.getByRole('button', { name: l.next }).click();

  // Managed service: nothing chosen → required.
  await expect(page).toHaveURL(/step=service/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="service"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${l.sla}`) }).check();
  await page.getByRole('button', { name: l.next }).click();

  // Configuration: starts at the smallest hardware of the architecture; too many cores → too large.
  await expect(page).toHaveURL(/step=configuration/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="configuration"]')).toBeVisible();
  const cpu = page.getByRole('spinbutton', { name: l.cpu });
  await expect(cpu).toHaveValue('2');
  await expect(monthlyGross(page)).toBeVisible();
  await cpu.fill('99');
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.tooLarge)).toBeVisible();
  await cpu.fill('4');
  await page.getByRole('button', { name: l.next }).click();

  // Order: no name, no confirmation → two errors; back keeps the configuration.
  await expect(page).toHaveURL(/step=order/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="order"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await expect(page.getByText(l.terms)).toBeVisible();
  await page.getByRole('button', { name: l.back }).click();
  await expect(page).toHaveURL(/step=configuration/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="configuration"]')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: l.cpu })).toHaveValue('4');
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('textbox', { name: l.clusterName }).fill(name);
  await page.getByRole('checkbox', { name: l.acceptTerms }).check();
  await page.getByRole('button', { name: l.next }).click();

  // Check order: the summary; a deep link to an earlier step keeps what was chosen.
  await expect(page).toHaveURL(/step=check/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="check"]')).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText(l.architecture);
  await expect(summary).toContainText(name);
  const gross = (await monthlyGross(page).textContent())!;
  await page.goto('/a/orders/cluster?step=architecture');
  await expect(page.getByRole('radio', { name: new RegExp(l.architecture) })).toBeChecked();
  await page.goto('/a/orders/cluster?step=check');
  await expect(monthlyGross(page)).toHaveText(gross);
  await page.getByRole('button', { name: l.submit }).click();

  // Thank you → the order overview, where the status moves live to completed.
  await expect(page.getByRole('heading', { level: 1, name: l.thanks })).toBeVisible();
  const number = /B-\d+/.exec((await page.getByTestId('order-thanks').textContent())!)![0];
  await page.getByRole('link', { name: l.toOrders }).click();
  const row = page.locator(`tbody tr[data-order="${number}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'completed', { timeout: 20_000 });
  await expect(row).toContainText(l.completed);
  await row.getByRole('link', { name: number }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('order-cluster-number')).toHaveText(/^5\d{4}$/);
  await expect(dialog.getByTestId('price-monthly').locator('[data-amount="gross"]')).toHaveText(gross);
  const mail = await mailTo(l.user, 'orderConfirmation', since);
  expect(mail.subject).toMatch(l.mailSubject);
  expect(mail.subject).toContain(number);
}

/** R2.049 R2.050: the customer step's "new customer" path with a debit mandate; an invalid IBAN is refused, going back keeps the input. */
async function orderForNewCustomer(page: Page, l: Texts, company: string): Promise<void> {
  await page.goto('/a/orders/cluster');
  await page.getByRole('radio', { name: l.newCustomer }).check();
  await page.getByRole('textbox', { name: l.company }).fill(company);
  await page.getByRole('textbox', { name: l.street }).fill('Hauptstr. 1');
  await page.getByRole('textbox', { name: l.zip }).fill('10115');
  await page.getByRole('textbox', { name: l.city }).fill('Berlin');
  await page.getByRole('textbox', { name: l.invoiceEmails }).fill('rechnung@neukunde.example');
  await page.getByRole('combobox', { name: l.paymentMethod }).click();
  await page.getByRole('option', { name: l.debit }).click();
  await page.getByRole('textbox', { name: l.bank, exact: true }).fill('Musterbank');
  await page.getByRole('textbox', { name: l.accountHolder }).fill(company);
  const iban = page.getByRole('textbox', { name: 'IBAN' });
  await iban.fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('textbox', { name: 'BIC' }).fill('COBADEFFXXX');
  await page.getByRole('checkbox', { name: l.mandate }).check();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.ibanInvalid)).toBeVisible();
  await iban.fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: l.next }).click();

  await expect(page).toHaveURL(/step=architecture/);

  // The step is on screen, not only in the address (a navigation renders in a transition).

  await expect(page.locator('section[data-step="architecture"]')).toBeVisible();
  await page.getByRole('button', { name: l.back }).click();
  await expect(page.getByRole('textbox', { name: l.company })).toHaveValue(company);
  await expect(page.getByRole('textbox', { name: 'IBAN' })).toHaveValue('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('radio', { name: new RegExp(l.architecture) }).check();
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('radio', { name: new RegExp(`^${l.sla}`) }).check();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page).toHaveURL(/step=configuration/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="configuration"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('textbox', { name: l.clusterName }).fill(`${company} Cluster`);
  await page.getByRole('checkbox', { name: l.acceptTerms }).check();
  await page.getByRole('button', { name: l.next }).click();

  // The summary shows the new customer, the IBAN masked.
  await expect(page).toHaveURL(/step=check/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="check"]')).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText(`${company} ${l.newLabel}`);
  await expect(page.getByTestId('new-customer-facts')).toContainText('DE89 •••• •••• 3000');
  await expect(page.getByTestId('new-customer-facts')).toContainText('Musterbank');
  await page.getByRole('button', { name: l.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: l.thanks })).toBeVisible();
  const number = /B-\d+/.exec((await page.getByTestId('order-thanks').textContent())!)![0];
  await page.goto(`/a/orders/cluster/${number}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(company, { timeout: 30_000 });
  await expect(dialog.getByTestId('new-customer-facts')).toContainText('DE89 •••• •••• 3000');
}

test.describe('orders (German)', () => {
  test('R2.039 R2.040 R2.041 R2.044 R2.045 R3.051 R8.003 the list: tabs, search, status chips, detail modal, empty state and another account\'s order', async ({ page }) => {
    await login(page, texts.de.user);
    await listAndNotFound(page, texts.de);
  });

  test('R2.046 R2.047 R2.048 R9.007 the cluster wizard end to end: an error per step, back keeps the input, deep links, summary, thank you, live status to completed, confirmation e-mail', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, texts.de.user);
    await orderCluster(page, texts.de, 'E2E Shop DE');
  });

  test('R2.049 R2.050 the cluster wizard for a new customer with SEPA direct debit: invalid IBAN refused, input kept on back, masked IBAN in the summary', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, texts.de.user);
    await orderForNewCustomer(page, texts.de, 'Neukunde E2E GmbH');
  });
});

test.describe('orders on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('R2.046 the wizards name the current step above numbered circles instead of six labels run together; an unknown order page is not found', async ({ page }) => {
    await login(page, texts.de.user);
    for (const [path, first] of [['cluster', 'Kunde'], ['domain', 'Kunde'], ['certificate', 'Kunde']] as const) {
      await page.goto(`/a/orders/${path}`);
      await expect(page.getByTestId('wizard-step-of')).toHaveText(new RegExp(`^Schritt 1 von \\d: ${first}$`));
      // The other steps' labels are hidden on a phone; the page does not scroll sideways.
      await expect(page.locator('.MuiStepLabel-labelContainer').first()).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    }
    await page.goto('/a/orders/no/such/page');
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
  });
});

test.describe('orders (English)', () => {
  test('R2.039 R2.045 R8.003 the list and another account\'s order in English', async ({ page }) => {
    await login(page, texts.en.user);
    await listAndNotFound(page, texts.en);
  });

  test('R2.046 R2.047 R9.007 the cluster wizard end to end in English', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, texts.en.user);
    await orderCluster(page, texts.en, 'E2E Shop EN');
  });

  test('R2.049 R2.050 the cluster wizard for a new customer in English', async ({ page }) => {
    test.setTimeout(90_000);
    await login(page, texts.en.user);
    await orderForNewCustomer(page, texts.en, 'New Customer E2E Ltd');
  });
});
