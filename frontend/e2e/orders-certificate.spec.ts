import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { login, users } from './helpers';

/** The texts a language shows, so one flow runs in German and in English. */
const texts = {
  de: {
    user: users.manager,
    orderCertificate: 'SSL-Zertifikat bestellen',
    certificatesTab: 'SSL-Zertifikate',
    next: 'Weiter',
    back: 'Zurück',
    submit: 'Zahlungspflichtig bestellen',
    required: 'Dieses Feld ist erforderlich.',
    customer: 'Kunde',
    domain: (n: number) => `Domain ${n}`,
    removeDomain: (n: number) => `Domain ${n} entfernen`,
    addDomain: 'Domain hinzufügen',
    needDomain: 'Eine Zertifikatsbestellung benötigt mindestens eine Domain.',
    invalidTld: 'Diese Top-Level-Domain wird für Zertifikate nicht unterstützt.',
    singleDomain: 'Dieser Zertifikatstyp gilt für genau eine Domain. Wählen Sie einen Multi-Domain-Typ oder entfernen Sie Domains.',
    ownerRequired: 'Bitte wählen Sie einen Zertifikatsinhaber.',
    noVerification: 'Für diese Domain ist keine Verifizierungsmethode gewählt.',
    terms: 'Bitte bestätigen Sie die Bestellung.',
    addOwner: 'Inhaber hinzufügen',
    editOwner: 'Inhaber bearbeiten',
    owner: {
      company: 'Firma',
      street: 'Straße und Hausnummer',
      zip: 'PLZ',
      city: 'Ort',
      department: 'Abteilung (optional)',
      duns: 'D-U-N-S-Nummer (optional)',
      federalState: 'Bundesland (optional)',
      email: 'E-Mail-Adresse',
      phone: 'Telefon',
    },
    save: 'Speichern',
    country: 'Land',
    austria: 'Österreich',
    admin: { firstname: 'Vorname', surname: 'Nachname', email: 'E-Mail-Adresse', phone: 'Telefon', jobTitle: 'Position (optional)', fax: 'Fax (optional)' },
    perYear: '149,00 € pro Jahr für bis zu 3 Domains, jede weitere Domain 39,00 € pro Jahr',
    verificationFor: (d: string) => `Verifizierungsmethode für ${d}`,
    dns: 'DNS-Eintrag',
    email: 'E-Mail',
    approver: 'Freigabe-E-Mail-Adresse',
    acceptTerms: /Ich habe die AGB gelesen/,
    thanks: 'Vielen Dank für Ihre Bestellung!',
    toOrders: 'Zur Bestellübersicht',
    completed: 'Abgeschlossen',
    files: {
      csr: 'CSR herunterladen',
      certificate: 'Zertifikat herunterladen',
      intermediate: 'Zwischenzertifikat herunterladen',
      key: 'Privaten Schlüssel herunterladen',
      confirmTitle: 'Privaten Schlüssel herunterladen?',
      secret: 'Der private Schlüssel ist geheim',
      confirmDownload: 'Schlüssel herunterladen',
    },
    search: 'Suche',
    extraDomain: 'Multi-DomainSSL: weitere Domains für die Laufzeit (Jahrespreis × Domains × Jahre)',
  },
  en: {
    user: 'james.miller@mueller-schmidt.example',
    orderCertificate: 'Order an SSL certificate',
    certificatesTab: 'SSL certificates',
    next: 'Next',
    back: 'Back',
    submit: 'Order with obligation to pay',
    required: 'This field is required.',
    customer: 'Customer',
    domain: (n: number) => `Domain ${n}`,
    removeDomain: (n: number) => `Remove domain ${n}`,
    addDomain: 'Add domain',
    needDomain: 'A certificate order needs at least one domain.',
    invalidTld: 'This top-level domain is not supported for certificates.',
    singleDomain: 'This certificate type covers exactly one domain. Choose a multi-domain type or remove domains.',
    ownerRequired: 'Please choose a certificate owner.',
    noVerification: 'No verification method is chosen for this domain.',
    terms: 'Please confirm the order.',
    addOwner: 'Add owner',
    editOwner: 'Edit owner',
    owner: {
      company: 'Company',
      street: 'Street and number',
      zip: 'ZIP code',
      city: 'City',
      department: 'Department (optional)',
      duns: 'D-U-N-S number (optional)',
      federalState: 'Federal state (optional)',
      email: 'E-mail address',
      phone: 'Phone',
    },
    save: 'Save',
    country: 'Country',
    austria: 'Austria',
    admin: { firstname: 'First name', surname: 'Last name', email: 'E-mail address', phone: 'Phone', jobTitle: 'Job title (optional)', fax: 'Fax (optional)' },
    perYear: '€149.00 per year for up to 3 domains, each further domain €39.00 per year',
    verificationFor: (d: string) => `Verification method for ${d}`,
    dns: 'DNS record',
    email: 'E-mail',
    approver: 'Approver e-mail address',
    acceptTerms: /I have read the terms and place a binding order for the certificate/,
    thanks: 'Thank you for your order!',
    toOrders: 'To the order overview',
    completed: 'Completed',
    files: {
      csr: 'Download CSR',
      certificate: 'Download certificate',
      intermediate: 'Download intermediate certificate',
      key: 'Download private key',
      confirmTitle: 'Download the private key?',
      secret: 'The private key is secret',
      confirmDownload: 'Download the key',
    },
    search: 'Search',
    extraDomain: 'Multi-DomainSSL: additional domains for the term (yearly price × domains × years)',
  },
} as const;

type Texts = (typeof texts)[keyof typeof texts];

const oneTimeGross = (page: Page) => page.getByTestId('price-one-time').locator('[data-amount="gross"]');

async function orderCertificate(page: Page, l: Texts, tag: string): Promise<void> {
  const domains = [`shop.${tag}-e2e.de`, `blog.${tag}-e2e.de`, `müller-${tag}-e2e.de`, `api.${tag}-e2e.de`];
  await page.goto('/a/orders?tab=certificate');
  await page.getByRole('link', { name: l.orderCertificate }).click();
  await expect(page).toHaveURL(/\/a\/orders\/certificate$/);

  // Customer: nothing chosen → required.
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('combobox', { name: l.customer }).click();
  await page.getByRole('option', { name: /Müller & Schmidt Online GmbH/ }).click();
  await page.getByRole('button', { name: l.next }).click();

  // Domains: none → at least one; an unknown TLD → refused; then four domains (one IDN).
  await expect(page).toHaveURL(/step=domains/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="domains"]')).toBeVisible();
  await page.getByRole('button', { name: l.removeDomain(1) }).click();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.needDomain)).toBeVisible();
  await page.getByRole('button', { name: l.addDomain }).click();
  await page.getByRole('textbox', { name: l.domain(1) }).fill(`shop.${tag}-e2e.notatld`);
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.invalidTld)).toBeVisible();
  await page.getByRole('textbox', { name: l.domain(1) }).fill(domains[0]);
  for (let i = 1; i < domains.length; i++) {
    await page.getByRole('button', { name: l.addDomain }).click();
    await page.getByRole('textbox', { name: l.domain(i + 1) }).fill(domains[i]);
  }
  await page.getByRole('button', { name: l.next }).click();

  // Certificate: nothing chosen → required; a single-domain type with four domains → refused; Multi-DomainSSL with one extra domain.
  await expect(page).toHaveURL(/step=certificate/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="certificate"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.required)).toBeVisible();
  await page.getByRole('radio', { name: /^DomainSSL/ }).check();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.singleDomain)).toBeVisible();
  // R3.047 the price of each type while choosing it.
  await expect(page.getByTestId('certificate-price-multi_domain_ssl')).toHaveText(l.perYear);
  await page.getByRole('radio', { name: /^Multi-DomainSSL/ }).check();
  await page.getByRole('button', { name: l.next }).click();

  // Organization: nothing → owner and verification methods missing; add an owner, then change it (a new record).
  await expect(page).toHaveURL(/step=organization/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="organization"]')).toBeVisible();
  await expect(page.getByText(l.extraDomain)).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.ownerRequired)).toBeVisible();
  await expect(page.getByText(l.noVerification).first()).toBeVisible();
  await page.getByRole('button', { name: l.addOwner }).click();
  const dialog = page.getByRole('dialog');
  const owner = {
    company: `Zertifikat ${tag} GmbH`,
    street: 'Alte Straße 1',
    zip: '10115',
    city: 'Berlin',
    email: `ssl-${tag}@mueller-schmidt.example`,
    phone: '+49 30 1234567',
    department: 'Rechenzentrum',
    duns: '31-516-5789',
    federalState: 'Wien',
  };
  for (const [k, v] of Object.entries(owner))
    await dialog.getByRole('textbox', { name: l.owner[k as keyof typeof owner], exact: true }).fill(v);
  // R3.044 the country is the portal's ISO country select.
  await dialog.getByRole('combobox', { name: l.country }).click();
  await page.getByRole('option', { name: l.austria, exact: true }).click();
  await dialog.getByRole('button', { name: l.save }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: l.editOwner }).click();
  await dialog.getByRole('textbox', { name: l.owner.street, exact: true }).fill('Neue Straße 2');
  await dialog.getByRole('button', { name: l.save }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('combobox', { name: new RegExp(l.owner.company === 'Firma' ? 'Zertifikatsinhaber' : 'Certificate owner') }),
  ).toContainText('Neue Straße 2');
  for (const [k, v] of Object.entries({
    firstname: 'Anna',
    surname: 'Admin',
    email: 'anna@mueller-schmidt.example',
    phone: '+49 30 7654321',
    jobTitle: 'IT-Leiterin',
    fax: '+49 30 7654329',
  }))
    await page
      .getByRole('textbox', { name: l.admin[k as keyof typeof l.admin], exact: true })
      .last()
      .fill(v);
  for (const d of domains.slice(0, 3))
    await page
      .getByRole('group', { name: l.verificationFor(d) })
      .getByRole('radio', { name: l.dns })
      .check();
  const last = page.getByRole('group', { name: l.verificationFor(domains[3]) });
  await last.getByRole('radio', { name: l.email, exact: true }).check();
  await last.getByRole('combobox', { name: l.approver }).click();
  await page.getByRole('option', { name: `webmaster@${tag}-e2e.de` }).click();
  await page.getByRole('button', { name: l.next }).click();

  // Order: no confirmation → refused; back keeps the organization step's input.
  await expect(page).toHaveURL(/step=order/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="order"]')).toBeVisible();
  await page.getByRole('button', { name: l.next }).click();
  await expect(page.getByText(l.terms)).toBeVisible();
  await page.getByRole('button', { name: l.back }).click();
  await expect(page).toHaveURL(/step=organization/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="organization"]')).toBeVisible();
  await expect(page.getByRole('textbox', { name: l.admin.firstname, exact: true })).toHaveValue('Anna');
  await page.getByRole('button', { name: l.next }).click();
  await page.getByRole('checkbox', { name: l.acceptTerms }).check();
  await page.getByRole('button', { name: l.next }).click();

  // Check order: the summary; a deep link to an earlier step keeps the domains.
  await expect(page).toHaveURL(/step=check/);
  // The step is on screen, not only in the address (a navigation renders in a transition).
  await expect(page.locator('section[data-step="check"]')).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText('Multi-DomainSSL');
  await expect(summary).toContainText(domains[2]);
  await expect(summary).toContainText('Neue Straße 2');
  await expect(summary).toContainText('D-U-N-S 315165789');
  await expect(summary).toContainText('Wien, AT');
  await expect(summary).toContainText('IT-Leiterin');
  const gross = (await oneTimeGross(page).textContent())!;
  await page.goto('/a/orders/certificate?step=domains');
  await expect(page.getByRole('textbox', { name: l.domain(3) })).toHaveValue(domains[2]);
  await page.goto('/a/orders/certificate?step=check');
  await expect(oneTimeGross(page)).toHaveText(gross);
  await page.getByRole('button', { name: l.submit }).click();

  // Thank you → the certificate tab, where the status moves live to completed; search by domain and type.
  await expect(page.getByRole('heading', { level: 1, name: l.thanks })).toBeVisible();
  const number = /B-\d+/.exec((await page.getByTestId('order-thanks').textContent())!)![0];
  await page.getByRole('link', { name: l.toOrders }).click();
  await expect(page.getByRole('tab', { name: l.certificatesTab })).toHaveAttribute('aria-selected', 'true');
  const row = page.locator(`tbody tr[data-order="${number}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText('Multi-DomainSSL');
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(row).toContainText(l.completed);
  await page.getByRole('searchbox', { name: l.search }).fill(`blog.${tag}-e2e`);
  // Only this test's orders remain (a retry may have left an earlier one of the same domains).
  await expect(page.locator('tbody tr[data-order]').filter({ hasNotText: `${tag}-e2e` })).toHaveCount(0);
  await row.getByRole('link', { name: number }).click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByTestId('certificate-facts')).toContainText(`xn--mller-${tag}-e2e`);
  await expect(detail.getByTestId('price-one-time').locator('[data-amount="gross"]')).toHaveText(gross);

  // R3.046 the files: CSR, certificate, intermediate; the private key only after the confirmation that it is secret.
  const files = detail.getByTestId('certificate-files');
  const csrDownload = page.waitForEvent('download');
  await files.getByRole('button', { name: l.files.csr, exact: true }).click();
  expect((await csrDownload).suggestedFilename()).toBe(`${number.toLowerCase()}.csr`);
  await expect(files.getByRole('button', { name: l.files.certificate, exact: true })).toBeVisible();
  await expect(files.getByRole('button', { name: l.files.intermediate, exact: true })).toBeVisible();
  await files.getByRole('button', { name: l.files.key, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: l.files.confirmTitle });
  await expect(confirm).toContainText(l.files.secret);
  const keyDownload = page.waitForEvent('download');
  await confirm.getByRole('button', { name: l.files.confirmDownload, exact: true }).click();
  expect((await keyDownload).suggestedFilename()).toBe(`${number.toLowerCase()}.key`);
  await expect(confirm).toBeHidden();
}

test.describe('certificate order (German)', () => {
  test('R2.043 R2.054 R2.055 R2.056 R5.027 R5.031 R5.032 R8.012 R8.024 the certificate wizard end to end: an error per step, back keeps the input, deep links, summary, thank you, live status to completed, search', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await login(page, texts.de.user);
    await orderCertificate(page, texts.de, 'de');
  });
});

test.describe('certificate order (English)', () => {
  test('R2.043 R2.054 R2.055 R2.056 R8.012 R8.024 the certificate wizard end to end in English', async ({ page }) => {
    test.setTimeout(150_000);
    await login(page, texts.en.user);
    await orderCertificate(page, texts.en, 'en');
  });
});
