/**
 * No key is lost while the key bindings load (issue 28): `/` and an id typed at once end in the search field, whole and
 * in order, Enter among them submits it; shortcuts switched off or keys typed in a field are left alone. The bindings
 * are held back here until the test lets them arrive (in the app, a chunk loaded on the first key press).
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSettings, writeSettings } from '../../../lib/agent-settings';
import { createShortcutHandler } from '../model/shortcuts';
import { useShortcuts, type LoadShortcuts } from './use-shortcuts';

const agent = 'agent-7';

/** A load that resolves when the test says so. */
function heldLoad() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load: LoadShortcuts = vi.fn(async () => {
    await arrived;
    return createShortcutHandler;
  });
  return { load, arrive: () => act(async () => arrive()) };
}

/** The header's search as HeaderSearch builds it (a controlled field; the submit reads the field), and another field. */
function Harness({ load, go, found }: { load: LoadShortcuts; go: (path: string) => void; found: (query: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  useShortcuts({ search: () => input.current?.focus(), palette: () => {}, help: () => {}, go }, agent, load);
  return (
    <>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          found(input.current?.value ?? '');
        }}
      >
        <input type="search" aria-label="Find a ticket" ref={input} maxLength={36} value={value} onChange={(event) => setValue(event.target.value)} />
      </form>
      <output aria-label="React state">{value}</output>
      <input aria-label="Note" />
    </>
  );
}

function setUp() {
  const held = heldLoad();
  const go = vi.fn();
  const found = vi.fn();
  render(<Harness load={held.load} go={go} found={found} />);
  return { ...held, go, found, field: screen.getByRole('searchbox', { name: 'Find a ticket' }), state: () => screen.getByLabelText('React state') };
}

beforeEach(() => forgetSettings());

describe('keys pressed while the bindings load', () => {
  it.each([
    // [typed before the bindings arrive, typed after, the field, the React state]
    ['/MN-2026-000240', '', 'MN-2026-000240'],
    ['/MN', '-2026-000240', 'MN-2026-000240'],
    ['/MN-2026-000249{Backspace}1', '', 'MN-2026-000241'],
    ['x/a', 'b', 'ab'],
  ])('%s, then %s: the field holds %s, as React knows it', async (before, after, expected) => {
    const user = userEvent.setup();
    const { arrive, field, state, found } = setUp();
    await user.keyboard(before);
    // Nothing is typed anywhere before the bindings arrive: the keys are kept, not lost to the page.
    expect(field).toHaveValue('');
    expect(field).not.toHaveFocus();
    await arrive();
    if (after) await user.keyboard(after);
    expect(field).toHaveFocus();
    expect(field).toHaveValue(expected);
    await waitFor(() => expect(state()).toHaveTextContent(expected));
    expect(found).not.toHaveBeenCalled();
  });

  it('Enter kept with them submits the whole id', async () => {
    const user = userEvent.setup();
    const { arrive, found } = setUp();
    await user.keyboard('/MN-2026-000240{Enter}');
    expect(found).not.toHaveBeenCalled();
    await arrive();
    expect(found).toHaveBeenCalledExactlyOnceWith('MN-2026-000240');
  });

  it('a sequence kept while loading still fires, once, and the keys after it keep their order', async () => {
    const user = userEvent.setup();
    const { arrive, go, field } = setUp();
    await user.keyboard('gt/ab');
    await arrive();
    expect(go).toHaveBeenCalledExactlyOnceWith('/tickets');
    expect(field).toHaveValue('ab');
  });

  it('the field keeps its length: no more than maxlength characters arrive', async () => {
    const user = userEvent.setup();
    const { arrive, field } = setUp();
    await user.keyboard(`/${'A'.repeat(40)}`);
    await arrive();
    expect(field).toHaveValue('A'.repeat(36));
  });
});

describe('what stays as it was', () => {
  it('shortcuts switched off in Settings: `/` moves nowhere and the keys after it type nothing', async () => {
    act(() => writeSettings(agent, { shortcuts: false }));
    const user = userEvent.setup();
    const { arrive, field, go } = setUp();
    await user.keyboard('/MN-2026gt');
    await arrive();
    expect(field).not.toHaveFocus();
    expect(field).toHaveValue('');
    expect(go).not.toHaveBeenCalled();
  });

  it('keys typed in a field load nothing and are not replayed anywhere', async () => {
    const user = userEvent.setup();
    const { load, field } = setUp();
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('/MN');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('/MN');
    expect(load).not.toHaveBeenCalled();
    expect(field).toHaveValue('');
  });
});
