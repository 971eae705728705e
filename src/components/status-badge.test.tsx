/** Status words come from the catalogue; a status the app does not know is shown as it came. */
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { StatusBadge } from './status-badge';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('StatusBadge', () => {
  it.each([
    ['inProgress', 'en', 'In progress'],
    ['acknowledged', 'de', 'Bestätigt'],
    ['terminatedWithError', 'en', 'Terminated with error'],
    ['someNewStatus', 'en', 'someNewStatus'],
    ['ns:key', 'de', 'ns:key'],
    ['toString', 'en', 'toString'],
  ])('%s in %s reads "%s"', async (status, language, expected) => {
    await i18n.changeLanguage(language);
    render(<StatusBadge status={status} />);
    expect(screen.getByText(expected)).toBeInTheDocument();
  });
});
