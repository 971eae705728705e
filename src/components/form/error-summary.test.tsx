/** The error summary: "There is a problem", focus on each attempt, page order, links that move focus to fields. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';
import { TextInput } from './text-input';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

function Page({ items, attempt }: { items: ErrorSummaryItem[]; attempt: number }) {
  return (
    <>
      <button type="button">Elsewhere</button>
      <ErrorSummary items={items} focusKey={attempt} />
      <TextInput name="first" label="First" />
      <TextInput name="second" label="Second" />
    </>
  );
}

// Given in the opposite order of the page, as a schema reports them.
const items: ErrorSummaryItem[] = [
  { key: 'second', text: 'Second: enter a value', target: 'second' },
  { key: 'first', text: 'First: enter a value', target: 'first' },
  { key: 'service', text: 'The service said no' },
];

describe('ErrorSummary', () => {
  it('takes focus, lists the errors in page order, and its links move focus to the fields', async () => {
    const user = userEvent.setup();
    render(<Page items={items} attempt={1} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2, name: 'There is a problem' })).toBeInTheDocument();
    expect(alert.parentElement).toHaveFocus();
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'First: enter a value',
      'Second: enter a value',
      'The service said no',
    ]);
    // Words without a field are not a link.
    expect(within(alert).getAllByRole('link')).toHaveLength(2);
    await user.click(within(alert).getByRole('link', { name: 'Second: enter a value' }));
    expect(screen.getByRole('textbox', { name: 'Second' })).toHaveFocus();
  });

  it('takes focus again on the next attempt, not on every render', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Page items={items} attempt={1} />);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    rerender(<Page items={[...items]} attempt={1} />);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    rerender(<Page items={[...items]} attempt={2} />);
    expect(screen.getByRole('alert').parentElement).toHaveFocus();
  });

  it('a link can do something else than focus (go to another step)', async () => {
    const onSelect = vi.fn();
    render(<Page items={[{ key: 'x', text: 'Contact 1: Role', target: 'relatedParty.0.role', onSelect }]} attempt={1} />);
    await userEvent.click(screen.getByRole('link', { name: 'Contact 1: Role' }));
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    render(<Page items={items} attempt={1} />);
    expect(screen.getByRole('heading', { name: 'Es gibt ein Problem' })).toBeInTheDocument();
  });
});
