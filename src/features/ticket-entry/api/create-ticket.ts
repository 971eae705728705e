/** POST /troubleTicket: the wizard's send (what each answer means is model/outcome.ts's business). */
import { useMutation } from '@tanstack/react-query';
import type { FaultTicketFvo } from '../../../domain/ticket';
import { useApi } from '../../../api/api-context';

export function useCreateTicket() {
  const api = useApi();
  return useMutation({ mutationFn: (body: FaultTicketFvo) => api.createTroubleTicket(body) });
}
