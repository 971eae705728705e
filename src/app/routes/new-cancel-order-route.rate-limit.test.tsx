/** 429 on the check page: wait as Retry-After says with a visible countdown, then send again once by itself. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { error, openCheckPage, sentBody, submitName, setUpCancelService } from '../../testing/cancel-order-service';

const { posts, answerPost } = setUpCancelService();

describe('429: wait as Retry-After says, then send again once by itself', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('against the mocked service: 5 creates in 10 s, then the sixth waits, counts down and succeeds by itself', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch('http://localhost/tmf-api/troubleTicket/v5/cancelProductOrder', {
        method: 'POST',
        headers: { Authorization: 'Bearer t', 'Content-Type': 'application/json;charset=utf-8' },
        body: JSON.stringify({ ...sentBody, productOrder: { id: `PO-other-${i}`, '@referredType': 'ProductOrder' } }),
      });
      expect(res.status).toBe(201);
    }
    posts.length = 0;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));

    const timer = await screen.findByRole('timer');
    expect(timer).toHaveTextContent(/^Sending again in (9|10) s$/);
    expect(screen.getByRole('status')).toHaveTextContent(/The service asks to wait 10 s before sending again/);
    expect(screen.getByRole('button', { name: submitName })).toHaveAttribute('aria-disabled', 'true');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(timer).toHaveTextContent(/^Sending again in [56] s$/);
    // The announcement is not repeated every second: it still says what it said at the start.
    expect(screen.getByRole('status')).toHaveTextContent(/wait 10 s/);
    expect(posts).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(6500));
    expect(await screen.findByRole('region', { name: 'Cancellation requested' })).toBeInTheDocument();
    expect(posts).toHaveLength(2);
  });

  it('a second 429 stops: no third request, however long one waits, and Send again is offered', async () => {
    answerPost(error(429, {}, { 'Retry-After': '3' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    expect(await screen.findByRole('timer')).toHaveTextContent(/Sending again in [23] s/);
    await act(() => vi.advanceTimersByTimeAsync(3500));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service is still busy');
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(posts).toHaveLength(2);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
  });

  it('a wait longer than two minutes is not sat out: one request, and the time to try again', async () => {
    answerPost(error(429, {}, { 'Retry-After': '600' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/The service asks to wait until .+ \(HTTP 429\)/);
    await act(() => vi.advanceTimersByTimeAsync(700_000));
    expect(posts).toHaveLength(1);
  });

  it('going back to change an answer cancels the automatic retry, and the check page starts afresh', async () => {
    answerPost(error(429, {}, { 'Retry-After': '5' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    await screen.findByRole('timer');
    await user.click(screen.getByRole('link', { name: 'Change Cancellation reason' }));
    await screen.findByRole('heading', { level: 1, name: 'New cancellation' });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(posts).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check the cancellation before sending it' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: submitName })).not.toHaveAttribute('aria-disabled');
  });

  it('"Stop waiting" cancels the automatic retry', async () => {
    answerPost(error(429, {}, { 'Retry-After': '5' }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openCheckPage();
    await user.click(screen.getByRole('button', { name: submitName }));
    await user.click(await screen.findByRole('button', { name: 'Stop waiting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You stopped the wait');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(posts).toHaveLength(1);
  });
});
