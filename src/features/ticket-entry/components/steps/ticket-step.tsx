/** Step 1: ticket type (switching changes what is required at once), identifiers, the step's plain inputs, billing items. */
import { memo, useCallback } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { ticketTypes } from '../../../../domain/ticket';
import { useEntryActions } from '../../hooks/entry-context';
import { useEntryRun } from '../../hooks/entry-run';
import { emptyBillingItem, type EntryValues } from '../../model/form-values';
import { rowsForType } from '../../model/row-limits';
import { disputeOnlyInputs } from '../../model/steps';
import { RadiosField, TextField } from '../bound-fields';
import { DisputedTicket } from '../disputed-ticket';
import { PlainFields } from '../plain-fields';
import { RowsFieldset, type RowProps } from '../rows-fieldset';

const BillingItemRow = memo(function BillingItemRow({ index, canRemove, onRemove }: RowProps) {
  const t = useWords();
  const row = t('entry.row.billingItem', { n: index + 1 });
  return (
    <div className="entry-inline-row">
      <TextField name={`billingItem.${index}.value`} label={row} width={20} />
      {canRemove ? <RemoveRowButton what={row} onRemove={() => onRemove(index)} /> : null}
    </div>
  );
});

/** A dispute started from a ticket shows that ticket under its ID, as long as it is still the one disputed. */
function DisputedOrigin() {
  const { origin } = useEntryRun();
  const disputed = useWatch<EntryValues, 'troubleTicketRelationship.0.id'>({ name: 'troubleTicketRelationship.0.id' });
  if (origin?.kind !== 'dispute' || disputed.trim() !== origin.ticketId) return null;
  return <DisputedTicket origin={origin} id="entry-disputed-ticket" />;
}

export function TicketStep() {
  const t = useWords();
  const { getValues, setValue, clearErrors } = useFormContext<EntryValues>();
  const { changed } = useEntryActions();
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });

  // Rules 1–6 of interface.md 2.3 change with the type: rows are added or dropped now, and errors that no longer
  // apply go (a dispute's missing disputed ticket, a fault's "at least 2 contacts").
  const onTypeChange = useCallback(() => {
    const type = getValues('ticketType');
    const rows = rowsForType(getValues(), type);
    setValue('relatedParty', rows.relatedParty);
    setValue('relatedEntity', rows.relatedEntity);
    clearErrors(['troubleTicketRelationship', ...disputeOnlyInputs, 'relatedParty', 'relatedEntity']);
    changed();
  }, [changed, clearErrors, getValues, setValue]);

  const typeOptions = ticketTypes.map((type) => ({ value: type, label: t(`ticketType.${type}`) }));
  return (
    <>
      <RadiosField name="ticketType" options={typeOptions} inline onChange={onTypeChange} />
      <TextField name="externalIdentifier.0.id" width={30} />
      <TextField name="externalIdentifier.0.owner" optional />
      <TextField name="externalIdentifier.0.externalIdentifierType" optional width={20} />
      {ticketType === 'dispute' ? (
        <>
          <TextField name="troubleTicketRelationship.0.id" width={30} />
          <DisputedOrigin />
        </>
      ) : null}
      <PlainFields step="ticket" />
      <RowsFieldset list="billingItem" hint="entry.hint.billingItems" rowSize={6} Row={BillingItemRow} emptyRow={emptyBillingItem} firstField="value" />
    </>
  );
}
