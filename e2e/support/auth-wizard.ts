// The ticket wizard in the real-mode e2e tests: a dispute (the shortest valid ticket) up to "Check your answers".
import type { Page } from '@playwright/test';
import { expect } from './auth-fixtures';

export const stepHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });
export const newExternalId = (prefix = 'E2E-AUTH') => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** A dispute up to "Check your answers" (the shortest valid ticket), from an empty wizard; `between` runs after the first step. */
export async function disputeToCheckPage(page: Page, externalId: string, between?: () => Promise<void>): Promise<void> {
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: 'Dispute' }).check();
  await main.getByRole('textbox', { name: 'External ticket ID' }).fill(externalId);
  await main.getByRole('textbox', { name: 'Disputed ticket ID' }).fill('TT-000010');
  await main.getByRole('textbox', { name: 'Dispute reason (optional)' }).fill('The line still drops every evening.');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Agreements')).toBeVisible();
  await between?.();
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await main.getByRole('textbox', { name: 'ID of the existing agreement' }).fill('RV-BSA-2019-0042');
  for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
    await main.getByRole('button', { name: 'Continue' }).click();
    await expect(stepHeading(page, step)).toBeVisible();
  }
}
