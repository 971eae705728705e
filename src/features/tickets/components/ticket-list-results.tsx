/** The ticket list's results: the shared list results with the ticket list's words, page sizes and row key. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '../../../api/client';
import type { TroubleTicketRead } from '../../../api/read-models';
import { ListResults, listWordKeys } from '../../../components/data-table/list-results';
import type { ListStateControls } from '../../../components/data-table/use-list-state';
import { ticketListDefinition, type TicketFilters } from '../model/list-definition';
import type { TicketColumnDef } from './columns';
import '../tickets-section';

const rowKey = (row: TroubleTicketRead) => row.id;

const wordKeys = listWordKeys('tickets.results', { heading: 'tickets.results.heading', clearFilters: 'tickets.filters.clear' });

type Props = {
  list: UseQueryResult<Page<TroubleTicketRead>>;
  controls: ListStateControls<TicketFilters>;
  /** The shown columns, in order. */
  columns: readonly TicketColumnDef[];
  /** Header of the sorted field, for the caption, when its column is hidden. */
  sortLabel: string;
  /** Tools about the whole result, shown beside the heading; told whether there are rows. */
  actions?: (hasRows: boolean) => ReactNode;
  /** Shown below the rows and paging (the export); told whether there are rows. */
  footer?: (hasRows: boolean) => ReactNode;
};

export function TicketListResults({ list, controls, columns, sortLabel, actions, footer }: Props) {
  return (
    <ListResults
      className="ticket-list__results"
      list={list}
      controls={controls}
      columns={columns}
      rowKey={rowKey}
      sortLabel={sortLabel}
      pageSizes={ticketListDefinition.pageSizes}
      actions={actions}
      footer={footer}
      wordKeys={wordKeys}
    />
  );
}
