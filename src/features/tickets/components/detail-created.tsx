/**
 * The GOV.UK-style confirmation after the entry wizard created the ticket (it navigates here with `{ created: true }`).
 * It takes focus once, so a screen reader reads it first; the history entry then forgets the flag, so a reload or
 * Back/Forward does not claim a second time that the ticket was just created.
 */
import { useEffect, useRef, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { useLocation, useNavigate } from 'react-router-dom';

export function isCreatedState(state: unknown): boolean {
  return (state as { created?: unknown } | null)?.created === true;
}

export function DetailCreated({ id }: { id: string }) {
  const t = useWords();
  const location = useLocation();
  const navigate = useNavigate();
  const [created] = useState(() => isCreatedState(location.state));
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!created) return;
    // After the layout's route-change focus on the h1 (a layout effect), so this one wins.
    panel.current?.focus();
    const { created: _created, ...rest } = (location.state ?? {}) as Record<string, unknown>;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: Object.keys(rest).length > 0 ? rest : null },
    );
    // Once, on arrival: the location changes because of the replace above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [created]);

  if (!created) return null;
  return (
    <div className="detail-created" tabIndex={-1} ref={panel}>
      <p className="detail-created__title">{t('detail.createdTitle', { id })}</p>
      <p className="detail-created__body">{t('detail.createdBody')}</p>
    </div>
  );
}
