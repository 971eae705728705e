// Enters hostile strings through the ticket wizard: a plan puts corpus strings into every free-text field (whole where
// the field takes them, cut to the field's length elsewhere, lengths from src/domain), the rest into billing items.
import type { Locator, Page } from '@playwright/test';
import { fit, type HostileString } from './corpus';
import { expect } from './guard';

/** Hands out corpus strings: `whole` ones in order (each entered once, uncut), `cut` ones round the whole corpus. */
export class Feed {
  private next = 0;
  private nextCut: number;
  readonly wholeUsed: string[] = [];

  constructor(
    private readonly whole: readonly HostileString[],
    private readonly all: readonly HostileString[],
    cutOffset: number,
  ) {
    this.nextCut = cutOffset;
  }

  /** The next whole string (cut only if the field is shorter than it, e.g. 160 for an agreement name). */
  long(max = Number.MAX_SAFE_INTEGER): string {
    const entry = this.whole[this.next % this.whole.length];
    this.next += 1;
    const value = fit(entry.text, max);
    if (value === entry.text) this.wholeUsed.push(value);
    return value;
  }

  /** For one-line inputs: line breaks dropped first, as the browser's value sanitisation of <input> drops them. */
  cut(max: number, min = 1): string {
    const entry = this.all[this.nextCut % this.all.length];
    this.nextCut += 1;
    return fit(entry.text.replace(/[\r\n]/g, ''), max, min);
  }

  /** The whole strings no field has taken yet: they go into billing items (no length limit, up to 99). */
  rest(): string[] {
    const left = this.whole.slice(this.next).map((entry) => entry.text);
    this.next = this.whole.length;
    this.wholeUsed.push(...left);
    return left;
  }
}

/** The ticket step's free-text fields, which faults and disputes share. */
function ticketPlan(feed: Feed) {
  return {
    externalId: feed.cut(36),
    owner: feed.long(),
    kind: feed.long(),
    categoryId: feed.cut(8),
    description: feed.long(1024),
  };
}

export type FaultPlan = ReturnType<typeof faultPlan>;

/** Every free-text field of a fault (src/features/ticket-entry/model/form-values.ts), with its value. */
export function faultPlan(feed: Feed) {
  return {
    ...ticketPlan(feed),
    agreementName: feed.long(160),
    agreementBusinessId: feed.cut(40),
    engagedBusinessId: feed.cut(10),
    familyName: feed.cut(30),
    givenName: feed.cut(30),
    salutation: feed.cut(30),
    title: feed.cut(30),
    phone: feed.cut(30),
    email: feed.long(255),
    street: feed.cut(40),
    suffix: feed.cut(6),
    postcode: feed.cut(6),
    city: feed.cut(40),
    locality: feed.cut(40),
    country: feed.cut(2, 2),
    organization: feed.cut(60),
    productId: feed.cut(36),
    productTestId: feed.cut(36),
    offering: feed.cut(60),
    accessLineId: feed.cut(21, 7),
    networkTerminationLocation: feed.long(160),
    questionId: feed.cut(8),
    answerId: feed.cut(8),
    appointmentNote: feed.long(),
    billing: feed.rest(),
  };
}

export type DisputePlan = ReturnType<typeof disputePlan>;

/** The fields only a dispute has, and those a fault plan leaves out (references to an agreement and an appointment). */
export function disputePlan(feed: Feed) {
  return {
    ...ticketPlan(feed),
    disputedId: feed.long(),
    disputeReason: feed.long(1024),
    agreementId: feed.cut(36),
    appointmentId: feed.cut(36),
    billing: feed.rest(),
  };
}

export const stepHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });

const box = (scope: Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

async function continueTo(page: Page, step: string): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, step)).toBeVisible();
}

async function fillTicketStep(page: Page, plan: FaultPlan | DisputePlan, type: 'Fault' | 'Dispute'): Promise<void> {
  const main = page.getByRole('main');
  await page.goto('/tickets/new');
  await expect(stepHeading(page, 'Ticket')).toBeVisible();
  await main.getByRole('radio', { name: type }).check();
  await box(main, 'External ticket ID').fill(plan.externalId);
  await box(main, 'Owner of the external ID (optional)').fill(plan.owner);
  await box(main, 'Kind of external ID (optional)').fill(plan.kind);
  await box(main, 'Category ID (optional)').fill(plan.categoryId);
  await box(main, 'Description (optional)').fill(plan.description);
  if ('disputedId' in plan) {
    await box(main, 'Disputed ticket ID').fill(plan.disputedId);
    await box(main, 'Dispute reason (optional)').fill(plan.disputeReason);
  }
  for (const [index, item] of plan.billing.entries()) {
    await main.getByRole('button', { name: 'Add a billing item' }).click();
    await box(main, `Billing item ${index + 1}`).fill(item);
  }
}

/** From the empty wizard to "Check your answers", every free-text field of a fault filled from the plan. */
export async function enterFault(page: Page, plan: FaultPlan): Promise<void> {
  const main = page.getByRole('main');
  await fillTicketStep(page, plan, 'Fault');
  await continueTo(page, 'Agreements');
  await main.getByRole('radio', { name: /A new agreement/ }).check();
  await main.getByRole('radio', { name: 'Buyer service contract' }).check();
  await box(main, 'Agreement name').fill(plan.agreementName);
  await box(main, 'Business ID of the agreement').fill(plan.agreementBusinessId);
  await box(main, 'Business ID of the engaged organization (optional)').fill(plan.engagedBusinessId);

  await continueTo(page, 'Contacts');
  const contacts = main.getByRole('region', { name: /^Contact \d$/ });
  const person = contacts.nth(0);
  await person.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Contact at location A' });
  await person.getByRole('radio', { name: 'Individual' }).check();
  await box(person, 'Family name').fill(plan.familyName);
  await box(person, 'Given name (optional)').fill(plan.givenName);
  await box(person, 'Salutation (optional)').fill(plan.salutation);
  await box(person, 'Title (optional)').fill(plan.title);
  await person.getByRole('button', { name: 'Add a phone number' }).click();
  await person.getByRole('combobox', { name: 'Kind of phone' }).selectOption({ label: 'Mobile' });
  await box(person, 'Phone number').fill(plan.phone);
  await person.getByRole('button', { name: 'Add an email address' }).click();
  await box(person, 'Email address').fill(plan.email);
  await person.getByRole('button', { name: 'Add a postal address' }).click();
  await box(person, 'Street').fill(plan.street);
  await box(person, 'House number').fill('12');
  await box(person, 'House number suffix (optional)').fill(plan.suffix);
  await box(person, 'Postcode').fill(plan.postcode);
  await box(person, 'City').fill(plan.city);
  await box(person, 'Locality (optional)').fill(plan.locality);
  await box(person, 'Country code (optional)').fill(plan.country);
  const organization = contacts.nth(1);
  await organization.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Order management, buyer side' });
  await organization.getByRole('radio', { name: 'Organization' }).check();
  await box(organization, 'Organization name').fill(plan.organization);

  await continueTo(page, 'Affected product');
  const entities = main.getByRole('region', { name: /^Related entity \d$/ });
  const addEntity = main.getByRole('button', { name: 'Add a related entity' });
  while ((await entities.count()) < 3) await addEntity.click();
  const roles = [
    ['Affected product', 'Product ID', plan.productId],
    ['Diagnosis (product test)', 'Product test ID', plan.productTestId],
    ['Optional service', 'Offering name', plan.offering],
  ] as const;
  for (const [index, [role, label, value]] of roles.entries()) {
    await entities.nth(index).getByRole('combobox', { name: 'Role' }).selectOption({ label: role });
    await box(entities.nth(index), label).fill(value);
  }
  await box(main, 'Access line ID (optional)').fill(plan.accessLineId);
  await box(main, 'Network termination location (optional)').fill(plan.networkTerminationLocation);

  await continueTo(page, 'Questionnaire');
  await main.getByRole('button', { name: 'Add a question' }).click();
  await box(main, 'Question ID').fill(plan.questionId);
  await box(main, 'Answer ID').fill(plan.answerId);

  await continueTo(page, 'Appointment');
  await main.getByRole('radio', { name: 'A new appointment' }).check();
  await box(main, 'Note for the appointment (optional)').fill(plan.appointmentNote);
  await continueTo(page, 'Check your answers');
}

/** From the empty wizard to "Check your answers" for a dispute: references instead of new agreement and appointment. */
export async function enterDispute(page: Page, plan: DisputePlan): Promise<void> {
  const main = page.getByRole('main');
  await fillTicketStep(page, plan, 'Dispute');
  await continueTo(page, 'Agreements');
  await main.getByRole('radio', { name: 'A reference to an existing agreement' }).check();
  await box(main, 'ID of the existing agreement').fill(plan.agreementId);
  for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment']) await continueTo(page, step);
  await main.getByRole('radio', { name: 'A reference to an existing appointment' }).check();
  await box(main, 'ID of the existing appointment').fill(plan.appointmentId);
  await continueTo(page, 'Check your answers');
}
