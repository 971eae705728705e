/**
 * Templates in the wizard: "Save as template" on the check page keeps the answers but those of one ticket (and the
 * location contact unless kept); "New ticket" offers the templates, and one chosen fills a run of its own.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSession } from '../../../lib/session';
import { i18n } from '../../../lib/i18n';
import { localTemplates } from '../../../lib/templates/local-templates';
import { faultValues } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { renderEntry, stepHeading, storedDraft } from '../../../testing/render-entry';
import { wizardTemplateAnswers } from '../model/template-answers';

serveMockService();

const store = () => localTemplates(demoSession.userId, { subject: demoSession.userId, name: demoSession.displayName });

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('templates in the wizard', () => {
  it('saves the answers from the check page, without the external ID, the access line or the location contact', async () => {
    const values = faultValues();
    values.description = 'Glasfaser gestört';
    values.accessLineId = 'DEU.DTAG.ABC1234567';
    const { user } = renderEntry(undefined, { draft: { values, step: 'check' } });
    await stepHeading('Check your answers');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'Fibre outage');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/Template “Fibre outage” saved\./)).toBeInTheDocument();

    const [saved] = await store().list();
    expect(saved).toMatchObject({ name: 'Fibre outage', formVersion: 1, answers: { ticketType: 'fault', description: 'Glasfaser gestört' } });
    expect(saved!.answers).not.toHaveProperty('externalIdentifier');
    expect(saved!.answers).not.toHaveProperty('accessLineId');
    expect(saved!.answers).not.toHaveProperty('troubleTicketRelationship');
    expect((saved!.answers.relatedParty as { role: string }[]).map((party) => party.role)).toEqual(['orderManagementBuyerContact']);
    // Nothing was sent, and the run is still at check answers.
    expect(screen.getByRole('button', { name: 'Create fault ticket' })).toBeInTheDocument();
  });

  it('keeps the location contact when the agent asks for it', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' } });
    await stepHeading('Check your answers');
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    await user.type(screen.getByRole('textbox', { name: 'Template name' }), 'With contact');
    await user.click(screen.getByRole('checkbox', { name: 'Also keep the location contact' }));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText(/Template “With contact” saved\./)).toBeInTheDocument();
    const [saved] = await store().list();
    expect((saved!.answers.relatedParty as { role: string }[]).map((party) => party.role)).toEqual(['locationAContact', 'orderManagementBuyerContact']);
  });

  it('offers the templates on "New ticket"; one chosen fills a new run, names what it left out, and is a draft at once', async () => {
    const values = faultValues();
    values.description = 'Glasfaser gestört';
    await store().save({ name: 'Fibre outage', formVersion: 1, answers: { ...wizardTemplateAnswers(values, false), retiredField: 'x' } });
    const { user, router } = renderEntry('/tickets/new');
    await user.click(await screen.findByRole('button', { name: 'Use Fibre outage' }));
    expect(await screen.findByText('The answers of the template “Fibre outage” are filled in.')).toBeVisible();
    expect(screen.getByText(/were left out: retiredField\./)).toBeVisible();
    await stepHeading('Ticket');
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveValue('Glasfaser gestört');
    expect(screen.getByRole('textbox', { name: /^External ticket ID/ })).toHaveValue('');
    // The choice is gone: the run is under way, its draft stored and named in the address.
    expect(screen.queryByRole('region', { name: 'Start from a template' })).toBeNull();
    expect(router.state.location.search).toMatch(/draft=/);
    expect(storedDraft()?.values.description).toBe('Glasfaser gestört');
  });

  it('offers nothing on "New ticket" while there are no templates', async () => {
    renderEntry('/tickets/new');
    await stepHeading('Ticket');
    expect(screen.queryByRole('region', { name: 'Start from a template' })).toBeNull();
  });
});
