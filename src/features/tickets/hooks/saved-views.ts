/** An agent's saved ticket list views, kept in this browser under the agent's own key and checked when read back. */
import { useCallback, useState } from 'react';
import * as z from '../../../domain/zod';
import { parseListState, serialiseListState } from '../../../components/data-table/list-state';
import { readJson, userKey, writeJson } from '../../../lib/storage';
import { useSession } from '../../../lib/session';
import { ticketListDefinition } from '../model/list-definition';

export const VIEW_NAME_MAX = 60;

/** A view is a name and the list's query string without the page (filters, columns, sort, page size). */
const SavedView = z.object({
  name: z.string().trim().min(1).max(VIEW_NAME_MAX),
  // Far longer than any real view; a huge value is someone else's data, not a view.
  query: z.string().max(4000),
});
export type SavedView = z.infer<typeof SavedView>;

const storageName = 'ticket-views';

/** The list state a query string stands for, written the one canonical way; unknown or tampered values drop out. */
export function canonicalViewQuery(query: string): string {
  return serialiseListState(ticketListDefinition, parseListState(ticketListDefinition, new URLSearchParams(query)), {
    withPage: false,
  });
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * Stored data may be old or tampered with: anything that is not a list is no views, each entry that does not parse
 * is dropped (the rest are kept), and of two entries with the same name the first wins.
 */
export function readSavedViews(userId: string): SavedView[] {
  const stored = readJson(userKey(userId, storageName));
  if (!Array.isArray(stored)) return [];
  const views: SavedView[] = [];
  for (const entry of stored) {
    const parsed = SavedView.safeParse(entry);
    if (!parsed.success || views.some((view) => sameName(view.name, parsed.data.name))) continue;
    views.push({ name: parsed.data.name, query: canonicalViewQuery(parsed.data.query) });
  }
  return views;
}

export function writeSavedViews(userId: string, views: readonly SavedView[]): boolean {
  return writeJson(userKey(userId, storageName), views);
}

export type SaveResult = { ok: true; view: SavedView } | { ok: false; problem: 'required' | 'tooLong' | 'taken' };

export function useSavedViews() {
  const { userId } = useSession();
  const [kept, setKept] = useState(() => ({ userId, views: readSavedViews(userId), stored: true }));
  // Another agent signed in: their views, read afresh (adjusting state while rendering, as React advises).
  if (kept.userId !== userId) setKept({ userId, views: readSavedViews(userId), stored: true });

  // Read again before each change: another tab of the same agent may have changed the views since. When this browser
  // does not keep them (storage blocked or full), the views of this page are all there is.
  const current = useCallback(() => (kept.stored ? readSavedViews(userId) : kept.views), [kept, userId]);

  const commit = useCallback(
    (views: SavedView[]) => {
      setKept({ userId, views, stored: writeSavedViews(userId, views) });
    },
    [userId],
  );

  const save = useCallback(
    (rawName: string, query: string): SaveResult => {
      const name = rawName.trim();
      if (!name) return { ok: false, problem: 'required' };
      if ([...name].length > VIEW_NAME_MAX) return { ok: false, problem: 'tooLong' };
      const views = current();
      if (views.some((view) => sameName(view.name, name))) return { ok: false, problem: 'taken' };
      const view = { name, query: canonicalViewQuery(query) };
      commit([...views, view]);
      return { ok: true, view };
    },
    [current, commit],
  );

  /** Removes a view; returns where it was, so an undo puts it back in its place. */
  const remove = useCallback(
    (name: string): number => {
      const views = current();
      const index = views.findIndex((view) => sameName(view.name, name));
      if (index >= 0) commit(views.filter((_, i) => i !== index));
      return index;
    },
    [current, commit],
  );

  const restore = useCallback(
    (view: SavedView, index: number) => {
      const views = current().filter((existing) => !sameName(existing.name, view.name));
      commit([...views.slice(0, index), view, ...views.slice(index)]);
    },
    [current, commit],
  );

  const views = kept.userId === userId ? kept.views : readSavedViews(userId);
  return { views, stored: kept.stored, save, remove, restore };
}
