/**
 * A section's failed load, compact (issue 37): it says that the section could not be loaded, Retry loads it again, and
 * "Why?" shows the reason; it stands over the section's reserve, so the section keeps its height. English and German.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { i18n } from '../lib/i18n';
import { QuerySection } from './query-section';
import { SectionError } from './section-error';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const failure = () => new ApiError({ status: 500, errorMessage: { code: 'E500', reason: 'Database unavailable' } });

/** A section whose read fails until `answer.ok` is set. */
function Counts({ answer }: { answer: { ok: boolean } }) {
  const query = useQuery({
    queryKey: ['counts'],
    queryFn: () => (answer.ok ? Promise.resolve(42) : Promise.reject(failure())),
  });
  return (
    <QuerySection title="Tickets by status" errorTitle="The ticket counts could not be loaded." query={query} reserve={<p>Room held for the counts</p>}>
      {(count) => <p>{`All tickets: ${count}`}</p>}
    </QuerySection>
  );
}

function renderSection(answer: { ok: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Counts answer={answer} />
    </QueryClientProvider>,
  );
}

const words = {
  en: { notLoaded: 'Could not be loaded.', retry: 'Retry', why: 'Why?', reason: 'The service had a problem (HTTP 500). Try again in a moment.', said: 'The service said: Database unavailable' },
  de: {
    notLoaded: 'Laden fehlgeschlagen.',
    retry: 'Erneut versuchen',
    why: 'Warum?',
    reason: 'Der Dienst hatte ein Problem (HTTP 500). Versuchen Sie es gleich noch einmal.',
    said: 'Der Dienst meldet: Database unavailable',
  },
} as const;

describe.each(['en', 'de'] as const)('a section that could not be loaded, in %s', (language) => {
  const w = words[language];

  it('says so in one short line with Retry and Why?; a screen reader hears what failed; the reason waits for Why?', async () => {
    await i18n.changeLanguage(language);
    const user = userEvent.setup();
    renderSection({ ok: false });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(w.notLoaded)).toBeVisible();
    // The alert is announced without the section's heading: it names what failed (the words the caller gave).
    expect(alert).toHaveTextContent('The ticket counts could not be loaded.');
    expect(within(alert).getByRole('button', { name: w.retry })).toBeVisible();
    const why = within(alert).getByRole('button', { name: w.why });
    expect(why).toHaveAttribute('aria-expanded', 'false');
    expect(within(alert).getByText(w.reason)).not.toBeVisible();

    await user.click(why);
    expect(why).toHaveAttribute('aria-expanded', 'true');
    expect(within(alert).getByText(w.reason)).toBeVisible();
    expect(within(alert).getByText(w.said)).toBeVisible();
    await user.click(why);
    expect(within(alert).getByText(w.reason)).not.toBeVisible();
  });

  it('keeps the room the section held while loading (nothing below it moves), and Retry loads the section', async () => {
    await i18n.changeLanguage(language);
    const user = userEvent.setup();
    const answer = { ok: false };
    renderSection(answer);
    const alert = await screen.findByRole('alert');
    // The reserve (the loaded content's shape, invisible and hidden from assistive technology) stays under the failure.
    expect(screen.getByText('Room held for the counts').closest('[aria-hidden="true"]')).toBeInTheDocument();

    answer.ok = true;
    await user.click(within(alert).getByRole('button', { name: w.retry }));
    expect(await screen.findByText('All tickets: 42')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Room held for the counts')).not.toBeInTheDocument();
    // Focus stays in the section: on its heading once the retry settled.
    expect(screen.getByRole('heading', { level: 2, name: 'Tickets by status' })).toHaveFocus();
  });
});

it('a press on Retry while a retry runs does not queue another', async () => {
  const user = userEvent.setup();
  const onRetry = vi.fn();
  const { rerender } = render(<SectionError title="The ticket counts could not be loaded." error={failure()} onRetry={onRetry} retrying />);
  const retry = screen.getByRole('button', { name: 'Retry' });
  expect(retry).toHaveAttribute('aria-disabled', 'true');
  await user.click(retry);
  expect(onRetry).not.toHaveBeenCalled();
  rerender(<SectionError title="The ticket counts could not be loaded." error={failure()} onRetry={onRetry} />);
  await user.click(retry);
  expect(onRetry).toHaveBeenCalledTimes(1);
});
