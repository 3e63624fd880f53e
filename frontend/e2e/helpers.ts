import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './fixtures';

export const password = 'Demo-Portal-2026';
export const users = {
  manager: 'manager@demo.example',
  admin: 'admin@demo.example',
  partner: 'partner@demo.example',
  other: 'other@demo.example',
} as const;

/** Signs in through the login page and waits for the dashboard. */
export async function login(page: Page, email: string, pass = password): Promise<void> {
  await page.goto('/a/login');
  await page.getByLabel(/E-Mail-Adresse|E-mail address/).fill(email);
  await page.getByLabel(/^(Passwort|Password)/).first().fill(pass);
  await page.getByRole('button', { name: /^(Anmelden|Log in)$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Willkommen|Welcome/ })).toBeVisible();
}

/** Opens the user menu in the top bar. */
export async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Benutzermenü öffnen|Open user menu/ }).click();
}

/**
 * A visitor's browser that chose a language earlier: the `portal_language` cookie the web app writes when the
 * language is switched (with the browser's storage), which the server renders a guest's or demo visitor's page in.
 */
export async function visitorLanguage(context: BrowserContext, language: 'de' | 'en'): Promise<void> {
  await context.addCookies([{ name: 'portal_language', value: language, url: test.info().project.use.baseURL! }]);
}
