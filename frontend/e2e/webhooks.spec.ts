/**
 * Outgoing webhooks in the web app (issue 30): a manager adds an endpoint on the customer dashboard (a
 * local receiver, allowed by `WEBHOOK_ALLOWED_HOSTS`), sees the secret once, sends a test event, finds it
 * delivered in the delivery log — and the receiver got it, signed. axe finds nothing serious; 375 px wide
 * nothing scrolls sideways; a private address is refused in the dialog.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './a11y';
import { login, users } from './helpers';

test.use({ portalEnv: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });

test('create a webhook, send a test event and see it in the delivery log (de, keyboard, 375 px, axe)', async ({ page }) => {
  test.setTimeout(120_000);
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
  try {
    await login(page, users.manager);
    const customers = (await (await page.request.get('/api/v1/customers')).json()).data as { id: number; number: number }[];
    const customerId = customers.find((c) => String(c.number) === '10001')!.id;
    await page.goto(`/a/customers/${customerId}/edit`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByTestId('webhooks-empty')).toHaveText('Noch keine Webhooks. Fügen Sie einen Endpunkt hinzu, um Ereignisse zu empfangen.');

    // Create by keyboard: the button, the URL, the events.
    await section.getByRole('button', { name: 'Webhook hinzufügen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Webhook hinzufügen' });
    // A private address is refused by the server, shown at the field.
    await dialog.getByLabel('Endpunkt-URL').fill('https://10.0.0.1/hooks');
    await dialog.getByRole('checkbox', { name: /invoice\.issued/ }).check();
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog.getByText('Die Adresse muss öffentlich sein: lokale, private und Link-Local-Adressen werden abgelehnt.')).toBeVisible();
    await expectNoSeriousAxeViolations(page, { label: 'webhook create dialog' });
    await dialog.getByLabel('Endpunkt-URL').fill(url);
    await dialog.getByRole('checkbox', { name: /managed\.apply\.succeeded/ }).focus();
    await page.keyboard.press('Space');
    await dialog.getByLabel('Endpunkt-URL').press('Enter');

    const secretDialog = page.getByRole('dialog', { name: 'Signaturschlüssel' });
    const secret = await secretDialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousAxeViolations(page, { label: 'webhook secret dialog' });
    await secretDialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(section.getByTestId('webhook')).toHaveCount(1);
    await expect(section.getByTestId('webhook')).toContainText(url);
    await expect(section.getByTestId('webhook')).toContainText('invoice.issued, managed.apply.succeeded');

    // Send a test event: the delivery log opens and shows it delivered.
    await section.getByRole('button', { name: `Testereignis an ${url} senden` }).click();
    const log = page.getByRole('dialog', { name: `Zustellprotokoll: ${url}` });
    const row = log.getByTestId('webhook-delivery').filter({ hasText: 'webhook.test' });
    await expect(row.locator('[data-status="succeeded"]')).toHaveText('Zugestellt', { timeout: 30_000 });
    await expect(row).toContainText('200');
    await expectNoSeriousAxeViolations(page, { label: 'webhook delivery log' });
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page, 'delivery log at 375 px');
    await page.keyboard.press('Escape');
    await expectNoHorizontalScroll(page, 'customer dashboard webhooks at 375 px');
    await expectNoSeriousAxeViolations(page, { label: 'customer dashboard with a webhook' });

    // The receiver got the test event, signed with the secret shown once.
    expect(got).toHaveLength(1);
    const headers = { 'webhook-id': String(got[0]!.headers['webhook-id']), 'webhook-timestamp': String(got[0]!.headers['webhook-timestamp']), 'webhook-signature': String(got[0]!.headers['webhook-signature']) };
    expect(new Webhook(secret).verify(got[0]!.body, headers)).toMatchObject({ type: 'webhook.test' });
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
