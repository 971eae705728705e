/**
 * The ticket list's columns: header, cell and the same value as text (the CSV carries what the screen shows). A plain
 * field's label, cell and text are its table's (src/domain/ticket-fields.ts).
 */
import type { TFunction } from '../../../lib/i18n/translator';
import { useMemo, type ReactNode } from 'react';
import { wordsOrValue } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import type { TroubleTicketRead } from '../../../api/read-models';
import { NotProvided, type Column } from '../../../components/data-table/data-table';
import { DueDate } from '../../../components/due-badge';
import { StatusBadge, statusLabel } from '../../../components/status-badge';
import { ticketTypes } from '../../../domain/ticket';
import { ticketField, type TicketFieldShow } from '../../../domain/ticket-fields';
import { fieldLabel, fieldText } from '../../../lib/field-text';
import { isPlainColumn, ticketColumns, ticketListDefinition, type TicketColumn } from '../model/list-definition';
import { PlainValue } from './plain-value';
import '../tickets-section';

export type TicketColumnDef = Column<TroubleTicketRead> & {
  id: TicketColumn;
  /** The cell as plain text ('' when absent): what the export writes. */
  text: (row: TroubleTicketRead) => string;
};

/** A ticket type the app knows is named in the agent's language; a newer service's type is shown as it came. */
function ticketTypeLabel(type: string, t: TFunction): string {
  return (ticketTypes as readonly string[]).includes(type) ? wordsOrValue(t, 'ticketType', type) : type;
}

function textOf(column: TicketColumn, row: TroubleTicketRead, t: TFunction): string {
  if (isPlainColumn(column)) return fieldText(t, column, row[column]) ?? '';
  switch (column) {
    case 'id':
      return row.id;
    case 'externalIdentifier':
      return (row.externalIdentifier ?? []).map((identifier) => identifier.id).join(', ');
    case 'status':
      return row.status ? statusLabel(row.status, t) : '';
    case 'ticketType':
      return row.ticketType ? ticketTypeLabel(row.ticketType, t) : '';
    case 'channel':
      return row.channel?.name ?? row.channel?.id ?? '';
  }
}

type Options = {
  /** Called when a row's link is hovered or focused: the detail can load before the click. */
  onPrefetch: (id: string) => void;
  /** This list's address (path + query): the detail's "Back to the list" returns to exactly this view. */
  listAddress: string;
  /** The clock the due column is judged against (useNow). */
  now: number;
};

function cellOf(column: TicketColumn, row: TroubleTicketRead, text: string, { onPrefetch, listAddress, now }: Options): ReactNode {
  if (column === 'id') {
    return (
      <Link
        to={`/tickets/${encodeURIComponent(row.id)}`}
        state={{ from: listAddress }}
        onMouseEnter={() => onPrefetch(row.id)}
        onFocus={() => onPrefetch(row.id)}
      >
        {row.id}
      </Link>
    );
  }
  if (column === 'status' && row.status) return <StatusBadge status={row.status} />;
  if (column === 'expectedResolutionDate' && row.expectedResolutionDate) {
    return <DueDate expected={row.expectedResolutionDate} status={row.status} now={now} />;
  }
  if (isPlainColumn(column)) return <PlainValue name={column} value={row[column]} missing={<NotProvided />} />;
  return text === '' ? <NotProvided /> : text;
}

/** Long text wraps within a measure, a date stays on one line (ticket-list.css). */
const classByShow: Partial<Record<TicketFieldShow, string>> = {
  longText: 'ticket-list__long-text',
  dateTime: 'ticket-list__date',
};
const classOf = (column: TicketColumn) => (isPlainColumn(column) ? classByShow[ticketField(column).show] : undefined);

/** Every column of the list in table order, worded in the active language. */
export function useTicketColumns(options: Options): TicketColumnDef[] {
  const t = useWords();
  // A language change gives a new `t` (useWords), so the memo below words the columns anew.
  const { onPrefetch, listAddress, now } = options;
  return useMemo(
    () =>
      ticketColumns.map((id): TicketColumnDef => {
        const text = (row: TroubleTicketRead) => textOf(id, row, t);
        return {
          id,
          header: isPlainColumn(id) ? fieldLabel(t, id) : t(`tickets.columns.${id}`),
          text,
          cell: (row) => cellOf(id, row, text(row), { onPrefetch, listAddress, now }),
          sortable: ticketListDefinition.sortable.includes(id),
          rowHeader: id === 'id',
          className: classOf(id),
        };
      }),
    [t, onPrefetch, listAddress, now],
  );
}
