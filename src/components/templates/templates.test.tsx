/**
 * The shared template components in English and German: "Save as template" (a labelled name, its errors, the answers
 * kept, the outcome announced) and "Start from a template" (Use, Rename, Delete asked once more; viewers read only).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sameTemplateName, type Template, type TemplateInput } from '../../domain/template';
import { i18n } from '../../lib/i18n';
import { demoSession, SessionProvider, type Session } from '../../lib/session';
import { TemplateProblem } from '../../lib/templates/problems';
import { byName, type TemplateStore } from '../../lib/templates/store';
import { SaveTemplate } from './save-template';
import { TemplateChoice } from './template-choice';

const at = '2026-11-28T10:00:00.000Z';
const template = (id: string, name: string): Template => ({ id, name, formVersion: 1, answers: { description: name }, author: { subject: 'agent.one', name: 'Jana Schmidt' }, createdAt: at, updatedAt: at });

/** A store in memory, as the gateway or the browser would keep templates. */
function fakeStore(initial: Template[] = [], where: TemplateStore['where'] = 'browser') {
  let all = [...initial];
  const saved: TemplateInput[] = [];
  const store: TemplateStore = {
    where,
    list: async () => [...all].sort(byName),
    async save(input) {
      if (all.some((t) => sameTemplateName(t.name, input.name))) throw new TemplateProblem('nameTaken');
      saved.push(input);
      const made = template(`t${all.length + 1}`, input.name.trim());
      all.push(made);
      return made;
    },
    async rename(id, name) {
      if (all.some((t) => t.id !== id && sameTemplateName(t.name, name))) throw new TemplateProblem('nameTaken');
      all = all.map((t) => (t.id === id ? { ...t, name } : t));
      return all.find((t) => t.id === id)!;
    },
    async remove(id) {
      all = all.filter((t) => t.id !== id);
    },
  };
  return { store, saved };
}

function wrap(children: ReactNode, session: Session = demoSession) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider session={session}>{children}</SessionProvider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Save as template', () => {
  it('asks for a name, refuses none and a taken one on the field, then saves the answers and says so', async () => {
    const user = userEvent.setup();
    const { store, saved } = fakeStore([template('t0', 'Fibre outage')]);
    const answers = vi.fn((keep: boolean) => ({ description: 'Glasfaser', keep }));
    wrap(<SaveTemplate answers={answers} formVersion={1} store={store} keepOption={{ label: 'Also keep the location contact' }} />);

    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    const name = screen.getByRole('textbox', { name: 'Template name' });
    expect(name).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Error: Enter a name for the template/);

    await user.type(name, 'fibre OUTAGE{Enter}');
    expect(await screen.findByText('A template with this name exists already: choose another name')).toBeVisible();
    expect(saved).toEqual([]);

    await user.clear(name);
    await user.type(name, 'x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(name).toHaveAccessibleDescription(/The name must be 80 characters or fewer/);

    await user.clear(name);
    await user.type(name, 'Fibre outage Mitte');
    await user.click(screen.getByRole('checkbox', { name: 'Also keep the location contact' }));
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Template “Fibre outage Mitte” saved. It is kept in this browser for you, and deleted when you sign out.');
    expect(saved).toEqual([{ name: 'Fibre outage Mitte', formVersion: 1, answers: { description: 'Glasfaser', keep: true } }]);
    // The panel closed; focus is back on the button that opened it.
    expect(screen.queryByRole('textbox')).toBeNull();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save as template' })).toHaveFocus());
  });

  it('says where a desk template goes, and a store that cannot be reached, in German', async () => {
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    const { store } = fakeStore([], 'desk');
    wrap(<SaveTemplate answers={() => ({})} formVersion={1} store={store} />);
    await user.click(screen.getByRole('button', { name: 'Als Vorlage speichern' }));
    await user.type(screen.getByRole('textbox', { name: 'Name der Vorlage' }), 'Störung Nord');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vorlage „Störung Nord“ gespeichert. Alle Bearbeiterinnen und Bearbeiter an diesem Desk sehen sie.');

    store.save = () => Promise.reject(new TemplateProblem('unavailable'));
    await user.click(screen.getByRole('button', { name: 'Als Vorlage speichern' }));
    await user.type(screen.getByRole('textbox', { name: 'Name der Vorlage' }), 'Noch eine');
    await user.click(screen.getByRole('button', { name: 'Vorlage speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Vorlagen sind gerade nicht erreichbar: Versuchen Sie es gleich noch einmal.');
  });

  it('is not offered to a viewer', () => {
    wrap(<SaveTemplate answers={() => ({})} formVersion={1} store={fakeStore().store} />, { ...demoSession, canWrite: false });
    expect(screen.queryByRole('button', { name: 'Save as template' })).toBeNull();
  });
});

describe('Start from a template', () => {
  it('offers each template with who saved it; Use hands it over', async () => {
    const user = userEvent.setup();
    const onUse = vi.fn();
    wrap(<TemplateChoice onUse={onUse} store={fakeStore([template('b', 'Node down'), template('a', 'Fibre outage')]).store} />);
    const section = await screen.findByRole('region', { name: 'Start from a template' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('strong')?.textContent)).toEqual(['Fibre outage', 'Node down']);
    expect(items[0]).toHaveTextContent(/by Jana Schmidt, 28 Nov 2026/);
    await user.click(within(section).getByRole('button', { name: 'Use Node down' }));
    expect(onUse).toHaveBeenCalledWith(expect.objectContaining({ id: 'b', name: 'Node down' }));
  });

  it('shows nothing while there is no template', async () => {
    const { store } = fakeStore();
    const list = vi.spyOn(store, 'list');
    wrap(<TemplateChoice onUse={() => {}} store={store} />);
    await vi.waitFor(() => expect(list).toHaveBeenCalled());
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('renames (a taken name refused on the field) and deletes after asking, with the keyboard', async () => {
    const user = userEvent.setup();
    wrap(<TemplateChoice onUse={() => {}} store={fakeStore([template('a', 'Fibre outage'), template('b', 'Node down')]).store} />);
    await screen.findByRole('region', { name: 'Start from a template' });

    screen.getByRole('button', { name: 'Rename Fibre outage' }).focus();
    await user.keyboard('{Enter}');
    const name = screen.getByRole('textbox', { name: 'New name of “Fibre outage”' });
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'node DOWN{Enter}');
    expect(name).toHaveAccessibleDescription(/A template with this name exists already/);
    await user.clear(name);
    await user.type(name, 'Fibre outage Mitte{Enter}');
    expect(await screen.findByText('Template renamed to “Fibre outage Mitte”.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Use Fibre outage Mitte' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete Node down' }));
    expect(screen.getByRole('group', { name: 'Delete the template “Node down”? It cannot be brought back.' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'No, keep it' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Delete Node down' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Delete Node down' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByText('Template “Node down” deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Node down' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Start from a template' })).toHaveFocus();
  });

  it('for a viewer: Use only, and says so, in German', async () => {
    await i18n.changeLanguage('de');
    wrap(<TemplateChoice onUse={() => {}} store={fakeStore([template('a', 'Glasfaser')], 'desk').store} />, { ...demoSession, canWrite: false });
    const section = await screen.findByRole('region', { name: 'Mit einer Vorlage beginnen' });
    expect(section).toHaveTextContent('Vorlagen teilen sich alle Bearbeiterinnen und Bearbeiter an diesem Desk.');
    expect(section).toHaveTextContent('Mit Leserechten sehen Sie die Vorlagen, können sie aber nicht ändern.');
    expect(within(section).getByRole('button', { name: 'Verwenden Glasfaser' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: /Umbenennen|Löschen/ })).toBeNull();
  });
});
