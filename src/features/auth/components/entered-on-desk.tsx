/**
 * "Entered on this desk by Jana Schmidt, 26 Nov 2026, 10:42 CET": who created a ticket or cancellation through this
 * desk, from the gateway's audit record (issue 27). Gateway mode only; a record the gateway does not have (404: entered
 * elsewhere, or before the gateway) shows nothing, as does any failure: the line is a courtesy, never an error.
 */
import { useQuery } from '@tanstack/react-query';
import { config } from '../../../lib/config';
import { formatDateTime } from '../../../lib/format';
import { useWords } from '../../../lib/i18n/react';
import '../auth-screens-section';

export type AuditResource = 'troubleTicket' | 'cancelProductOrder';

type AuditRecord = { name: string; at: string };

/** GET /gateway/audit/:resource/:id; null when the gateway has no record. Plain checks: four fields, no schema chunk. */
export async function readAuditRecord(resource: AuditResource, id: string, fetcher: typeof fetch = fetch): Promise<AuditRecord | null> {
  const response = await fetcher(`/gateway/audit/${resource}/${encodeURIComponent(id)}`, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The desk gateway answered ${response.status} for the audit record of ${resource} ${id}.`);
  const body = (await response.json()) as { agent?: { name?: unknown; subject?: unknown }; at?: unknown } | null;
  const name = typeof body?.agent?.name === 'string' && body.agent.name !== '' ? body.agent.name : body?.agent?.subject;
  if (typeof name !== 'string' || typeof body?.at !== 'string') return null;
  return { name, at: body.at };
}

type Props = { resource: AuditResource; id: string; gateway?: boolean };

export function EnteredOnDesk({ resource, id, gateway = config.authMode === 'gateway' }: Props) {
  const t = useWords();
  const query = useQuery({
    // Not under the ticket or cancellation keys: the persisted cache (src/lib/query-persistence.ts) does not keep it.
    queryKey: ['gatewayAudit', resource, id],
    queryFn: () => readAuditRecord(resource, id),
    enabled: gateway && id !== '',
    // Who entered a record does not change.
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  if (!gateway || !query.data) return null;
  return <p className="hint">{t('auth.entered.by', { name: query.data.name, time: formatDateTime(query.data.at) })}</p>;
}
