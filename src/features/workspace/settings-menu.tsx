/** The header's Settings menu: a disclosure whose body loads when it is first opened (not on the first screen). */
import { lazy, Suspense, useRef, useState } from 'react';
import { useDismiss } from '../../components/use-dismiss';
import { useTranslation } from '../../lib/i18n/react';

const SettingsPanel = lazy(async () => ({ default: (await import('./settings-panel')).SettingsPanel }));

export function SettingsMenu({ onHelp }: { onHelp(): void }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useDismiss(details);
  return (
    <details className="settings-menu" ref={details} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="workspace-button">{t('bar.settings')}</summary>
      <div className="settings-menu__body">
        {open ? (
          <Suspense fallback={null}>
            <SettingsPanel
              onHelp={() => {
                if (details.current) details.current.open = false;
                onHelp();
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </details>
  );
}
