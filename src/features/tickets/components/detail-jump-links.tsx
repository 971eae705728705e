/**
 * The in-page navigation to each group of the ticket: a link per group (a changed one says so), which scrolls the
 * group below the sticky summary and moves focus to its heading, so Tab continues there. On a phone the links sit
 * behind one "On this page" menu (a `<details>`, keyboard-usable, Escape closes it) that opens over the page, so the
 * sticky summary keeps its one line for them and nothing scrolls sideways.
 */
import { useRef, useSyncExternalStore, type MouseEvent } from 'react';
import { useDismiss } from '../../../components/use-dismiss';
import { useWords } from '../../../lib/i18n/react';
import { detailGroupNames, type DetailGroupName } from '../model/detail-fields';
import { ChangedMark, groupAnchor, isGroupChanged, useChanges } from './detail-marks';

/** Below 40em (detail-summary.css's phone width): known at the first render, so the page does not move when it is. */
const phoneQuery = '(max-width: 39.99em)';
const subscribe = (changed: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(phoneQuery);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};
const onPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(phoneQuery).matches;

function jump(event: MouseEvent<HTMLAnchorElement>, group: DetailGroupName) {
  const section = document.getElementById(groupAnchor(group));
  const heading = section?.querySelector<HTMLElement>('h2');
  if (!section || !heading || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // Not the browser's own jump: the address keeps no #fragment (the router's history stays clean), and focus follows.
  event.preventDefault();
  // The phone's menu closes first, so the group lands below the summary as it is when closed.
  const menu = event.currentTarget.closest('details');
  if (menu) menu.open = false;
  heading.focus({ preventScroll: true });
  section.scrollIntoView({ block: 'start' });
}

export function DetailJumpLinks({ withOther }: { withOther: boolean }) {
  const t = useWords();
  const changes = useChanges();
  const phone = useSyncExternalStore(subscribe, onPhone, () => false);
  const menu = useRef<HTMLDetailsElement>(null);
  useDismiss(menu);
  const groups = detailGroupNames.filter((group) => group !== 'other' || withOther);
  const list = (
    <ul className="detail-jump__list">
      {groups.map((group) => (
        <li key={group}>
          <a href={`#${groupAnchor(group)}`} className="detail-jump__link" onClick={(event) => jump(event, group)}>
            {t(`detail.groups.${group}`)}
            <ChangedMark changed={isGroupChanged(changes, group)} />
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <nav className="detail-jump" aria-label={t('ticketWork.sections')}>
      {phone ? (
        <details className="detail-jump__menu" ref={menu}>
          <summary className="detail-jump__summary">
            {t('ticketWork.onThisPage')}
            <ChangedMark changed={groups.some((group) => isGroupChanged(changes, group))} />
          </summary>
          {list}
        </details>
      ) : (
        list
      )}
    </nav>
  );
}
