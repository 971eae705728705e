// @vitest-environment node
/** The toast store: push, replace by key, dismiss, and tell subscribers, without React. */
import type { TFunction } from './i18n/translator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, dismissToast, dismissToastByKey, getToasts, pushToast, subscribeToasts } from './toasts';

const words = (title: string) => () => ({ title });
// The words are functions of t; these test words ignore it, so any t will do.
const t = ((key: string) => key) as unknown as TFunction;
const titles = () => getToasts().map((toast) => toast.words(t).title);

afterEach(() => clearToasts());

describe('toast store', () => {
  it('starts empty and shows pushed toasts oldest first, each with its own id', () => {
    expect(getToasts()).toEqual([]);
    const first = pushToast({ tone: 'error', words: words('one') });
    const second = pushToast({ tone: 'info', words: words('two') });
    expect(first).not.toBe(second);
    expect(titles()).toEqual(['one', 'two']);
    expect(getToasts().map((toast) => toast.id)).toEqual([first, second]);
    expect(getToasts().map((toast) => toast.tone)).toEqual(['error', 'info']);
  });

  it('replaces a toast with the same key (moved to the end), and keeps toasts with other or no keys', () => {
    pushToast({ tone: 'error', key: 'ticket', words: words('old') });
    pushToast({ tone: 'error', key: 'list', words: words('list') });
    pushToast({ tone: 'info', words: words('keyless') });
    pushToast({ tone: 'info', words: words('keyless again') });
    pushToast({ tone: 'error', key: 'ticket', words: words('new') });
    expect(titles()).toEqual(['list', 'keyless', 'keyless again', 'new']);
  });

  it('dismisses by id, and ignores an id that is no longer shown', () => {
    const first = pushToast({ tone: 'error', words: words('one') });
    pushToast({ tone: 'error', words: words('two') });
    dismissToast(first);
    expect(titles()).toEqual(['two']);
    const before = getToasts();
    dismissToast(first);
    dismissToast('toast-unknown');
    expect(getToasts()).toBe(before);
  });

  it('dismisses by key', () => {
    pushToast({ tone: 'error', key: 'ticket', words: words('ticket') });
    pushToast({ tone: 'error', key: 'list', words: words('list') });
    dismissToastByKey('ticket');
    expect(titles()).toEqual(['list']);
    dismissToastByKey('ticket');
    expect(titles()).toEqual(['list']);
  });

  it('tells subscribers about each change, keeps the same array between changes, and stops after unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToasts(listener);
    const id = pushToast({ tone: 'error', words: words('one') });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(getToasts()).toBe(getToasts());
    dismissToast(id);
    expect(listener).toHaveBeenCalledTimes(2);
    // Nothing changed: nobody is woken.
    dismissToast(id);
    clearToasts();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    pushToast({ tone: 'error', words: words('two') });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
