/** The due badge in words (both languages) and tone, always beside the exact local time; nothing when nothing is due. */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { DueDate } from './due-badge';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const H = 3_600_000;
const at = (offset: number) => new Date(NOW + offset).toISOString();

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DueDate', () => {
  it.each([
    // Tones: red (stopped) when overdue, amber (waiting) within 4 h, grey (unknown) before.
    ['en', 3 * H + 10 * 60_000, 'Due in 3 h', 'waiting'],
    ['en', -(2 * 24 + 5) * H, 'Overdue by 2 d', 'stopped'],
    ['en', 30 * 60_000, 'Due in 30 min', 'waiting'],
    ['en', 5 * H, 'Due in 5 h', 'unknown'],
    ['de', 3 * H, 'Noch 3 Std.', 'waiting'],
    ['de', -2 * 24 * H, '2 Tage überfällig', 'stopped'],
    ['de', -24 * H, '1 Tag überfällig', 'stopped'],
    ['de', 24 * H, 'Noch 1 Tag', 'unknown'],
    ['de', 2 * 24 * H, 'Noch 2 Tage', 'unknown'],
  ])('%s, %d ms from now: "%s" (%s)', async (language, offset, words, tone) => {
    await i18n.changeLanguage(language);
    render(<DueDate expected={at(offset)} status="inProgress" now={NOW} />);
    const badge = screen.getByText(words);
    expect(badge).toHaveClass(`status-badge--${tone}`);
    const time = badge.parentElement!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', at(offset));
    expect(time.textContent).toMatch(/\d{2}:\d{2} \S+$/);
  });

  it('a closed ticket shows only the exact time; no date shows nothing', () => {
    const { container, rerender } = render(<DueDate expected={at(-H)} status="closed" now={NOW} />);
    expect(container).not.toHaveTextContent(/Due|Overdue/);
    expect(container.querySelector('time')).toBeInTheDocument();
    rerender(<DueDate expected={undefined} status="held" now={NOW} />);
    expect(container).toBeEmptyDOMElement();
  });
});
