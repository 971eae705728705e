/** Status words come from the catalogue, each in the colour of its kind; a status the app does not know is shown as it came. */
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { knownStatuses } from '../domain/ticket-status';
import { i18n } from '../lib/i18n';
import { StatusBadge, statusLabel } from './status-badge';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

// [status, English, German, kind (the badge's colour)]: tickets' and cancellations' statuses alike (decision 0047).
const words = [
  ['acknowledged', 'Acknowledged', 'Bestätigt', 'open'],
  ['accepted', 'Accepted', 'Angenommen', 'open'],
  ['initialized', 'Initialized', 'Angelegt', 'open'],
  ['confirmed', 'Confirmed', 'Verbindlich bestätigt', 'open'],
  ['inProgress', 'In progress', 'In Bearbeitung', 'open'],
  ['pending', 'Pending', 'Wartend', 'waiting'],
  ['held', 'Held', 'Angehalten', 'waiting'],
  ['assessingCancellation', 'Assessing cancellation', 'Stornierung in Prüfung', 'waiting'],
  ['resolved', 'Resolved', 'Gelöst', 'done'],
  ['closed', 'Closed', 'Geschlossen', 'done'],
  ['completed', 'Completed', 'Abgeschlossen', 'done'],
  ['done', 'Done', 'Erledigt', 'done'],
  ['rejected', 'Rejected', 'Abgelehnt', 'stopped'],
  ['cancelled', 'Cancelled', 'Storniert', 'stopped'],
  ['failed', 'Failed', 'Fehlgeschlagen', 'stopped'],
  ['terminatedWithError', 'Terminated with error', 'Mit Fehler beendet', 'stopped'],
] as const;

describe('StatusBadge', () => {
  it.each(words)('%s reads "%s" / "%s", coloured %s', async (status, english, german, kind) => {
    const { unmount } = render(<StatusBadge status={status} />);
    expect(screen.getByText(english)).toHaveClass('status-badge', `status-badge--${kind}`);
    unmount();
    await i18n.changeLanguage('de');
    render(<StatusBadge status={status} />);
    expect(screen.getByText(german)).toHaveClass('status-badge', `status-badge--${kind}`);
  });

  it('has words for every status the desk knows, and no two alike in either language', async () => {
    expect(words.map(([status]) => status).sort()).toEqual([...knownStatuses].sort());
    for (const language of ['en', 'de']) {
      await i18n.changeLanguage(language);
      const labels = knownStatuses.map((status) => statusLabel(status, i18n.t));
      expect(new Set(labels).size, language).toBe(knownStatuses.length);
      labels.forEach((label, i) => expect(label, language).not.toBe(knownStatuses[i]));
    }
  });

  it.each([
    ['someNewStatus', 'en'],
    ['ASSESSING', 'de'],
    ['ns:key', 'de'],
    ['status.done', 'en'],
    ['toString', 'en'],
  ])('%s in %s is shown as it came, in the neutral colour', async (status, language) => {
    await i18n.changeLanguage(language);
    render(<StatusBadge status={status} />);
    expect(screen.getByText(status)).toHaveClass('status-badge--unknown');
  });
});
