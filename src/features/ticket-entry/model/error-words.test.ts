// @vitest-environment node
/** Errors in words: the field's label from the wizard, choices worded as questions, rows named, both languages. */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import '../entry-section';
import { errorText, summaryText } from './error-words';
import { emptyValues } from './form-values';
import { fieldNameOf, labelKeyIn } from './paths';
import { faultValues } from '../../../testing/entry-values';
import { domainError, serverError, validateEntry } from './validate';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

function errorOf(values = emptyValues(), name: string) {
  const found = validateEntry(values).issues.find((issue) => issue.name === name);
  if (!found) throw new Error(`no issue at ${name}`);
  return domainError(found.issue);
}

describe('errorText', () => {
  it('words a choice as a question, and a text field with its label', async () => {
    const t = i18n.t;
    expect(errorText('ticketType', errorOf(undefined, 'ticketType'), t)).toBe('Select the ticket type');
    expect(errorText('externalIdentifier.0.id', errorOf(undefined, 'externalIdentifier.0.id'), t)).toBe('External ticket ID: enter a value');
    await i18n.changeLanguage('de');
    expect(errorText('ticketType', errorOf(undefined, 'ticketType'), i18n.t)).toBe('Wählen Sie den Tickettyp');
    expect(errorText('externalIdentifier.0.id', errorOf(undefined, 'externalIdentifier.0.id'), i18n.t)).toBe(
      'Externe Ticket-ID: Bitte einen Wert eingeben',
    );
  });

  it('names the row in the summary', () => {
    const values = faultValues();
    values.relatedParty[1]!.partyOrPartyRole.name = 'x'.repeat(61);
    const name = 'relatedParty.1.partyOrPartyRole.name';
    expect(summaryText(name, errorOf(values, name), i18n.t)).toBe('Contact 2: Organization name: at most 60 characters');
  });

  it('labels a related entity\'s id after its role', () => {
    const values = faultValues();
    values.relatedEntity[0]!.entity.id = '';
    const name = 'relatedEntity.0.entity.id';
    expect(errorText(name, errorOf(values, name), i18n.t, labelKeyIn(name, values))).toBe('Product ID: enter a value');
  });

  it('shows the service\'s own words for a server error', () => {
    expect(errorText('accessLineId', serverError('Access line ID: unknown line'), i18n.t)).toBe('Access line ID: unknown line');
    expect(errorText('accessLineId', undefined, i18n.t)).toBeUndefined();
  });
});

describe('fieldNameOf', () => {
  it.each([
    ['relatedParty[0].partyOrPartyRole.familyName', 'relatedParty.0.partyOrPartyRole.familyName'],
    ['agreement[1].@type', 'agreement.1.@type'],
    ['billingItem[1]', 'billingItem.3.value'],
    ['billingItem[5]', 'billingItem'],
    ['', ''],
  ])('%s -> %s', (path, name) => {
    expect(fieldNameOf(path, { billingItem: [{ value: 'A' }, { value: '' }, { value: '' }, { value: 'B' }] })).toBe(name);
  });
});
