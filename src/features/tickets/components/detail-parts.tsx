/** Building blocks of the ticket detail page: a titled group, summary-list rows, and how absent or odd values read. */
import type { TFunction } from '../../../lib/i18n/translator';
import { useId, type ReactNode } from 'react';
import { wordsOrValue, type KeyGroup } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import type { TimePeriod } from '../../../domain/common';
import type { DetailGroupName } from '../model/detail-fields';
import { ChangedMark, groupAnchor, useFieldChanged, useGroupChanged } from './detail-marks';
import { DateTime } from './plain-value';
import '../../../lib/i18n/field-words';

export { DateTime };

/**
 * The words for a value of a closed list (`detail.agreementType.singleContract`). Only values the app knows are looked
 * up: a newer service's value is shown as it came, and can never be read as a catalogue key (".").
 */
export function labelOf(t: TFunction, group: KeyGroup, value: string, known: readonly string[]): string {
  return known.includes(value) ? wordsOrValue(t, group, value) : value;
}

/**
 * One group of the page: an h2 and what belongs under it; screen reader users jump between them by heading, everyone
 * by the jump links (the section's id). A group with a change since the agent last looked says so in its heading.
 */
export function DetailGroup({ group, children }: { group: DetailGroupName; children: ReactNode }) {
  const t = useWords();
  const headingId = useId();
  const changed = useGroupChanged(group);
  return (
    <section className={`detail-group${changed ? ' detail-group--changed' : ''}`} id={groupAnchor(group)} aria-labelledby={headingId}>
      {/* tabIndex: a jump link moves focus here, so the next Tab continues in this group. */}
      <h2 tabIndex={-1}>
        {/* The region is named by the title alone: "Changed" comes and goes, the group's name stays. */}
        <span id={headingId}>{t(`detail.groups.${group}`)}</span>
        <ChangedMark changed={changed} />
      </h2>
      {children}
    </section>
  );
}

/** A GOV.UK-style summary list: label left, value right (stacked on narrow screens). */
export function SummaryList({ children }: { children: ReactNode }) {
  return <dl className="detail-list">{children}</dl>;
}

/**
 * A label and its value; no value (undefined, null, '') reads "Not provided". `field` names the read model's field the
 * row shows, so a change of it is marked.
 */
export function Row({ label, field, children }: { label: string; field?: string; children?: ReactNode }) {
  const missing = children === undefined || children === null || children === '' || children === false;
  const changed = useFieldChanged(field);
  return (
    <div className={`detail-list__row${changed ? ' detail-list__row--changed' : ''}`}>
      <dt className="detail-list__label">
        {label}
        <ChangedMark changed={changed} />
      </dt>
      <dd className="detail-list__value">{missing ? <NotProvided /> : children}</dd>
    </div>
  );
}

export function NotProvided() {
  const t = useWords();
  return <span className="detail-missing">{t('detail.notProvided')}</span>;
}

/** What a group (or a list in a row) shows when it has nothing: absent and empty mean the same to an agent. */
export function NoneRecorded() {
  const t = useWords();
  return <p className="detail-missing">{t('detail.none')}</p>;
}

/**
 * A group that lists what the ticket holds, or says "None" when it holds nothing. The children are shown only when
 * there are items (they may be built from an empty list: nothing of them is rendered then).
 */
export function ItemsGroup({ group, items, children }: { group: DetailGroupName; items: readonly unknown[]; children: ReactNode }) {
  return <DetailGroup group={group}>{items.length === 0 ? <NoneRecorded /> : children}</DetailGroup>;
}

export function Period({ period }: { period: TimePeriod }) {
  const t = useWords();
  return (
    <>
      <DateTime iso={period.startDateTime} /> {t('detail.periodTo')} <DateTime iso={period.endDateTime} />
    </>
  );
}

/** A bulleted list in a value cell; an empty one reads "None". */
export function ValueList({ items }: { items: readonly ReactNode[] }) {
  const t = useWords();
  if (items.length === 0) return <>{t('detail.none')}</>;
  if (items.length === 1) return <>{items[0]}</>;
  return (
    <ul className="detail-values">
      {items.map((item, index) => (
        // Values in the service's order; they have no ids of their own.
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
