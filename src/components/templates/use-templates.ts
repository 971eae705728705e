/** The templates of the agent's desk as a query, and the store that changes them (the list refreshed after each change). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Template, TemplateInput } from '../../domain/template';
import { useSession } from '../../lib/session';
import { templateKeys, templateStoreFor } from '../../lib/templates/templates';
import type { TemplateStore } from '../../lib/templates/store';

/** The store of this agent's templates; `store` replaces it (tests). */
export function useTemplateStore(store?: TemplateStore): TemplateStore {
  const { userId, displayName } = useSession();
  return useMemo(() => store ?? templateStoreFor({ userId, displayName }), [store, userId, displayName]);
}

/** `withList`: false where only changes are made ("Save as template"), so the list is not read for nothing. */
export function useTemplates(store: TemplateStore, withList = true) {
  const { userId } = useSession();
  const client = useQueryClient();
  const queryKey = [...templateKeys.all, store.where, userId] as const;
  const list = useQuery({ queryKey, queryFn: () => store.list(), retry: false, staleTime: 10_000, enabled: withList });
  const refresh = () => client.invalidateQueries({ queryKey: templateKeys.all });
  const save = useMutation({ mutationFn: (input: TemplateInput) => store.save(input), onSettled: refresh });
  const rename = useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => store.rename(id, name), onSettled: refresh });
  const remove = useMutation({ mutationFn: (template: Template) => store.remove(template.id), onSettled: refresh });
  return { list, save, rename, remove };
}
