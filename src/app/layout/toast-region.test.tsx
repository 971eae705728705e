/** The header's toast region: announced politely, dismissable, gone after 8 s unless the agent is hovering or focused on it. */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_DISMISS_MS } from '../../components/toast-list';
import { i18n } from '../../lib/i18n';
import { clearToasts, pushToast } from '../../lib/toasts';
import { ToastRegion } from './toast-region';

const push = (title: string, lines: string[] = []) => act(() => void pushToast({ tone: 'error', words: () => ({ title, lines }) }));

// The notices' code loads with the first notice (React.lazy): once loaded, every later render is synchronous, so the
// tests below can run on fake timers.
beforeAll(async () => {
  render(<ToastRegion />);
  act(() => void pushToast({ tone: 'info', words: () => ({ title: 'Loaded' }) }));
  await screen.findByText('Loaded');
  clearToasts();
  cleanup();
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('ToastRegion', () => {
  it('is a polite live region from the start, and shows a pushed toast with its lines in a "Notices" region', () => {
    const { container } = render(<ToastRegion />);
    const live = container.querySelector('[aria-live="polite"]');
    expect(live).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();

    push('Ticket TT-1 could not be refreshed.', ['The service had a problem (HTTP 500).', 'The page still shows what was loaded before.']);

    const region = screen.getByRole('region', { name: 'Notices' });
    expect(live).toContainElement(region);
    const item = within(region).getByRole('listitem');
    expect(item).toHaveTextContent('Ticket TT-1 could not be refreshed.');
    expect(item).toHaveTextContent('The service had a problem (HTTP 500).');
    expect(item).toHaveTextContent('The page still shows what was loaded before.');
  });

  it('Dismiss removes the toast and hands focus to the next one, then to the page', async () => {
    const user = userEvent.setup();
    render(
      <main id="main" tabIndex={-1}>
        <ToastRegion />
      </main>,
    );
    push('First');
    push('Second');

    const first = screen.getByRole('button', { name: 'Dismiss notice: First' });
    expect(first).toHaveTextContent('Dismiss');
    await user.click(first);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    const second = screen.getByRole('button', { name: 'Dismiss notice: Second' });
    expect(second).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('goes away by itself after 8 seconds', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    push('Short-lived');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 100));
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();
  });

  it('stays while the pointer is over it, and gets the full time again after the pointer leaves', () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    push('Hovered');
    const item = screen.getByRole('listitem');
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 1000));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS * 3));
    expect(screen.getByText('Hovered')).toBeInTheDocument();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS - 100));
    expect(screen.getByText('Hovered')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Hovered')).not.toBeInTheDocument();
  });

  it('stays while focus is in it, and goes after focus has left', () => {
    vi.useFakeTimers();
    render(
      <>
        <button type="button">Elsewhere</button>
        <ToastRegion />
      </>,
    );
    push('Focused');
    act(() => screen.getByRole('button', { name: 'Dismiss notice: Focused' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS * 3));
    expect(screen.getByText('Focused')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_AUTO_DISMISS_MS));
    expect(screen.queryByText('Focused')).not.toBeInTheDocument();
  });

  it('speaks German, and rewords a shown toast when the language changes', async () => {
    render(<ToastRegion />);
    act(() => void pushToast({ tone: 'error', words: (t) => ({ title: t('toast.refreshFailed') }) }));
    expect(screen.getByText('Some data on this page could not be refreshed.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('region', { name: 'Hinweise' })).toBeInTheDocument();
    expect(screen.getByText('Einige Daten auf dieser Seite konnten nicht aktualisiert werden.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Hinweis schließen: Einige Daten/ })).toHaveTextContent('Schließen');
  });
});
