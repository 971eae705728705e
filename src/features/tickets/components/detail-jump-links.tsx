/**
 * The in-page navigation to each group of the ticket: a link per group (a changed one says so), which scrolls the
 * group below the sticky summary and moves focus to its heading, so Tab continues there.
 */
import type { MouseEvent } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { detailGroupNames, type DetailGroupName } from '../model/detail-fields';
import { ChangedMark, groupAnchor, isGroupChanged, useChanges } from './detail-marks';

function jump(event: MouseEvent<HTMLAnchorElement>, group: DetailGroupName) {
  const section = document.getElementById(groupAnchor(group));
  const heading = section?.querySelector<HTMLElement>('h2');
  if (!section || !heading || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  // Not the browser's own jump: the address keeps no #fragment (the router's history stays clean), and focus follows.
  event.preventDefault();
  heading.focus({ preventScroll: true });
  section.scrollIntoView({ block: 'start' });
}

export function DetailJumpLinks({ withOther }: { withOther: boolean }) {
  const t = useWords();
  const changes = useChanges();
  const groups = detailGroupNames.filter((group) => group !== 'other' || withOther);
  return (
    <nav className="detail-jump" aria-label={t('ticketWork.sections')}>
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
    </nav>
  );
}
