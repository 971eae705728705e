/** The one external store: what a subscriber is told, and what a component shows and re-renders for. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore, type Readable } from './external-store';

describe('createStore', () => {
  it('holds its value and tells every subscriber of each set, until it unsubscribes', () => {
    const store = createStore({ count: 0 });
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = store.subscribe(first);
    store.subscribe(second);

    store.set({ count: 1 });
    stopFirst();
    store.set({ count: 2 });

    expect(store.get()).toEqual({ count: 2 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('keeps the same reference until set, and tells of a set even with the same value (an event)', () => {
    const value = { count: 0 };
    const store = createStore(value);
    const listener = vi.fn();
    store.subscribe(listener);

    expect(store.get()).toBe(value);
    store.set(value);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('useStore', () => {
  it('shows the value and follows each change', () => {
    const store = createStore('first');
    function Shown() {
      return <p>{useStore(store)}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('first')).toBeInTheDocument();

    act(() => store.set('second'));

    expect(screen.getByText('second')).toBeInTheDocument();
  });

  it('reading a part, re-renders only when that part changes', () => {
    const store = createStore({ name: 'Ada', unread: 0 });
    const renders = vi.fn();
    function Name() {
      renders();
      return <p>{useStore({ get: () => store.get().name, subscribe: store.subscribe })}</p>;
    }
    render(<Name />);

    act(() => store.set({ name: 'Ada', unread: 3 }));
    expect(renders).toHaveBeenCalledTimes(1);

    act(() => store.set({ name: 'Grace', unread: 3 }));
    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(renders).toHaveBeenCalledTimes(2);
  });

  it('reads any source of the same shape (a browser value with its own events)', () => {
    let online = true;
    const target = new EventTarget();
    const source: Readable<boolean> = {
      get: () => online,
      subscribe(listener) {
        target.addEventListener('change', listener);
        return () => target.removeEventListener('change', listener);
      },
    };
    function Status() {
      return <p>{useStore(source) ? 'online' : 'offline'}</p>;
    }
    render(<Status />);

    act(() => {
      online = false;
      target.dispatchEvent(new Event('change'));
    });

    expect(screen.getByText('offline')).toBeInTheDocument();
  });
});
