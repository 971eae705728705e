/** The keyboard cheat sheet: every shortcut with its keys, in the current language (opened with `?` or from Settings). */
import { useId } from 'react';
import { useAgentSettings } from '../../../lib/agent-settings';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { isMac, shortcutLabels } from '../../../lib/shortcut-keys';
import { WorkspaceDialog } from './workspace-dialog';
import '../workspace-section';

/** Keys as they are pressed: "g then t"; Ctrl as the keycap says it (German: Strg), and Cmd (⌘) on a Mac. */
export function Keys({ keys }: { keys: readonly string[] }) {
  const t = useWords();
  const sequence = keys.length === 2 && keys[0] === 'g';
  return (
    <>
      {keys.map((key, i) => (
        <span key={key}>
          {i > 0 ? (sequence ? ` ${t('workspace.help.then')} ` : ' + ') : null}
          <kbd>{key === 'Ctrl' ? (isMac ? '⌘' : t('bar.ctrl')) : key}</kbd>
        </span>
      ))}
    </>
  );
}

export function CheatSheet({ onClose }: { onClose(): void }) {
  const t = useWords();
  const [{ shortcuts }] = useAgentSettings();
  const { canWrite } = useSession();
  const titleId = useId();
  return (
    <WorkspaceDialog labelledBy={titleId} onClose={onClose} className="cheat-sheet">
      <h2 id={titleId}>{t('workspace.help.title')}</h2>
      <p>{shortcuts ? t('workspace.help.intro') : t('workspace.help.off')}</p>
      <table className="cheat-sheet__table">
        <thead>
          <tr>
            <th scope="col">{t('workspace.help.keys')}</th>
            <th scope="col">{t('workspace.help.action')}</th>
          </tr>
        </thead>
        <tbody>
          {(Object.entries(shortcutLabels) as [keyof typeof shortcutLabels, readonly string[]][])
            .filter(([name]) => canWrite || name !== 'newTicket')
            .map(([name, keys]) => (
              <tr key={name}>
                <td>
                  <Keys keys={keys} />
                </td>
                <td>{t(`workspace.help.${name}`)}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {/* The dialog's one control: showModal focuses it, so Enter or Escape closes the sheet at once. */}
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t('workspace.help.close')}
      </button>
    </WorkspaceDialog>
  );
}
