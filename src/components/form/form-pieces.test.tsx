/** The shared form pieces: labels, hints, "(optional)", errors wired to the control, counters, radios, dates, rows. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { Checkbox, Checkboxes } from './checkbox';
import { DateTimeInput } from './date-time-input';
import { fieldId } from './field-id';
import { Fieldset } from './fieldset';
import { Radios } from './radios';
import { AddRowButton, RemoveRowButton } from './row-controls';
import { Select } from './select';
import { TextArea } from './text-area';
import { TextInput } from './text-input';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('TextInput', () => {
  it('has its label, "(optional)", hint and error, and points at them', () => {
    render(<TextInput name="a.0.b" label="Family name" hint="As on the contract" optional error="Family name: at most 30 characters" />);
    const input = screen.getByRole('textbox', { name: 'Family name (optional)' });
    expect(input).toHaveAttribute('id', fieldId('a.0.b'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on the contract Error: Family name: at most 30 characters');
    expect(screen.getByText('Family name: at most 30 characters')).toBeVisible();
  });

  it('without an error it is not marked invalid', () => {
    render(<TextInput name="x" label="Title" />);
    expect(screen.getByRole('textbox', { name: 'Title' })).not.toHaveAttribute('aria-invalid');
  });

  it('says "(optional)" in German too', async () => {
    await i18n.changeLanguage('de');
    render(<TextInput name="x" label="Titel" optional error="Titel: höchstens 30 Zeichen" />);
    expect(screen.getByRole('textbox', { name: 'Titel (optional)' })).toHaveAccessibleDescription('Fehler: Titel: höchstens 30 Zeichen');
  });
});

describe('TextArea', () => {
  function Counted({ initial = '' }: { initial?: string }) {
    const [value, setValue] = useState(initial);
    return <TextArea name="d" label="Description" maxLength={10} value={value} onChange={(event) => setValue(event.target.value)} />;
  }

  it.each([
    ['', 'You have 10 characters remaining'],
    ['x'.repeat(9), 'You have 1 character remaining'],
    ['👍'.repeat(10), 'You have 0 characters remaining'],
    ['ü'.repeat(11), 'You have 1 character too many'],
    ['👍'.repeat(12), 'You have 2 characters too many'],
  ])('counts code points: "%s"', (initial, words) => {
    render(<Counted initial={initial} />);
    // The visible count; the live region repeats it for screen readers once typing pauses.
    expect(screen.getByText(words, { ignore: '[role="status"]' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(words);
  });

  it('tells its limit, never cuts the text off, and updates as the agent types', async () => {
    const user = userEvent.setup();
    render(<Counted />);
    const area = screen.getByRole('textbox', { name: 'Description' });
    expect(area).toHaveAccessibleDescription('You can enter up to 10 characters');
    expect(area).not.toHaveAttribute('maxlength');
    await user.type(area, 'x'.repeat(12));
    expect(area).toHaveValue('x'.repeat(12));
    expect(screen.getByText('You have 2 characters too many', { ignore: '[role="status"]' })).toBeVisible();
    // Announced once the typing has paused, not at every key.
    expect(screen.getByRole('status')).toHaveTextContent('You have 10 characters remaining');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('You have 2 characters too many'), { timeout: 3000 });
  });
});

describe('Select', () => {
  it('offers an empty first choice and the options', () => {
    render(<Select name="r" label="Role" emptyOption="Choose a role" options={[{ value: 'a', label: 'Alpha' }]} error="Select the role" />);
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveValue('');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a role', 'Alpha']);
    expect(select).toHaveAccessibleDescription('Error: Select the role');
  });
});

describe('Radios', () => {
  it('is a group named by its legend; the first radio carries the field id for error links', () => {
    render(
      <Radios
        name="ticketType"
        legend="Ticket type"
        hint="Pick one"
        error="Select the ticket type"
        options={[
          { value: 'fault', label: 'Fault' },
          { value: 'dispute', label: 'Dispute', hint: 'Contests a resolution' },
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Ticket type' });
    expect(group).toHaveAccessibleDescription('Pick one Error: Select the ticket type');
    expect(screen.getByRole('radio', { name: 'Fault' })).toHaveAttribute('id', fieldId('ticketType'));
    expect(screen.getByRole('radio', { name: 'Dispute' })).toHaveAccessibleDescription('Contests a resolution');
  });
});

describe('Checkbox(es) and Fieldset', () => {
  it('a checkbox is labelled; a group and a fieldset say their legend and error', () => {
    render(
      <Fieldset id="list" legend="Contacts" error="Contacts: at least 2 needed" hint="Up to 99">
        <Checkboxes id="prefs" legend="Preferences" optional>
          <Checkbox name="p" label="Preferred" hint="Reach this way first" />
        </Checkboxes>
      </Fieldset>,
    );
    expect(screen.getByRole('checkbox', { name: 'Preferred' })).toHaveAccessibleDescription('Reach this way first');
    expect(screen.getByRole('group', { name: 'Preferences (optional)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Contacts' })).toHaveAccessibleDescription('Up to 99 Error: Contacts: at least 2 needed');
  });
});

describe('DateTimeInput', () => {
  it('takes a local date and time and hands out ISO 8601 with the offset; shows the zone', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    function Controlled() {
      const [value, setValue] = useState('');
      return (
        <DateTimeInput
          name="when"
          label="Requested resolution date"
          value={value}
          onChange={(iso) => {
            onChange(iso);
            setValue(iso);
          }}
        />
      );
    }
    render(<Controlled />);
    const input = screen.getByLabelText('Requested resolution date');
    expect(input).toHaveAccessibleDescription(/^Local time, time zone \S+$/);
    await user.type(input, '2026-12-01T10:30');
    const sent = onChange.mock.calls.at(-1)?.[0] as string;
    expect(sent).toMatch(/^2026-12-01T10:30:00[+-]\d\d:\d\d$/);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 11, 1, 10, 30).getTime());
    expect(input).toHaveAccessibleDescription(new RegExp(`Sent as ${sent.replace('+', '\\+')}`));
  });
});

describe('row controls', () => {
  it('Add says what it adds and gives way to a sentence at the limit', async () => {
    const onAdd = vi.fn();
    const { rerender } = render(
      <AddRowButton count={98} max={99} onAdd={onAdd}>
        Add a contact
      </AddRowButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a contact' }));
    expect(onAdd).toHaveBeenCalledOnce();
    rerender(
      <AddRowButton count={99} max={99} onAdd={onAdd}>
        Add a contact
      </AddRowButton>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('You have added the maximum of 99.')).toBeInTheDocument();
  });

  it('Remove shows "Remove" and is named after its row', async () => {
    const onRemove = vi.fn();
    render(<RemoveRowButton what="Contact 3" onRemove={onRemove} />);
    const button = screen.getByRole('button', { name: 'Remove Contact 3' });
    expect(button).toHaveTextContent(/^Remove/);
    await userEvent.click(button);
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
