/** The Settings dialog (loaded when first opened): single-key shortcuts, row density, theme, keyboard help. */
import { useId, useState } from 'react';
import { Checkbox } from '../../../components/form/checkbox';
import { Fieldset } from '../../../components/form/fieldset';
import { useAgentSettings, type Density } from '../../../lib/agent-settings';
import { useWords } from '../../../lib/i18n/react';
import { setThemeChoice, themeChoice, themeChoices, type ThemeChoice } from '../../../lib/theme';
import { WorkspaceDialog } from './workspace-dialog';
import '../workspace-section';

const densities: readonly Density[] = ['compact', 'comfortable'];

/** A radio group from the shared form styles (the wizard's radios are bound to its form; these change at once). */
function Choice<T extends Density | ThemeChoice>({ name, legend, options, value, onChange }: { name: string; legend: string; options: readonly T[]; value: T; onChange(value: T): void }) {
  const t = useWords();
  return (
    <Fieldset id={`settings-${name}`} legend={legend}>
      <div className="form-radios form-radios--inline">
        {options.map((option) => (
          <div key={option} className="form-radios__item">
            <input
              type="radio"
              className="form-radios__input"
              id={`settings-${name}-${option}`}
              name={`settings-${name}`}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <label htmlFor={`settings-${name}-${option}`}>{t(`workspace.settings.${option}`)}</label>
          </div>
        ))}
      </div>
    </Fieldset>
  );
}

export function SettingsDialog({ onClose, onHelp }: { onClose(): void; onHelp(): void }) {
  const t = useWords();
  const [settings, change] = useAgentSettings();
  const [theme, setTheme] = useState<ThemeChoice>(themeChoice);
  const titleId = useId();
  return (
    <WorkspaceDialog labelledBy={titleId} onClose={onClose} className="settings-dialog">
      <h2 id={titleId}>{t('workspace.settings.title')}</h2>
      <Checkbox
        name="settings-shortcuts"
        label={t('workspace.settings.shortcuts')}
        hint={t('workspace.settings.shortcutsHint')}
        checked={settings.shortcuts}
        onChange={(event) => change({ shortcuts: event.target.checked })}
      />
      <Choice
        name="density"
        legend={t('workspace.settings.density')}
        options={densities}
        value={settings.density}
        onChange={(density) => change({ density })}
      />
      <Choice
        name="theme"
        legend={t('workspace.settings.theme')}
        options={themeChoices}
        value={theme}
        onChange={(choice) => {
          setThemeChoice(choice);
          setTheme(choice);
        }}
      />
      <div className="button-group">
        <button type="button" className="button button--secondary" onClick={onHelp}>
          {t('workspace.settings.help')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('workspace.settings.close')}
        </button>
      </div>
    </WorkspaceDialog>
  );
}
