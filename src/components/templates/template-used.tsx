/** Above a form filled from a template: which one, and the answers left out because the form no longer has their fields. */
import { useWords } from '../../lib/i18n/react';
import './templates-section';
import './templates.css';

export function TemplateUsed({ name, dropped }: { name: string; dropped: readonly string[] }) {
  const t = useWords();
  return (
    <div role="status" className="entry-notice template-used">
      <p>{t('templates.choose.used', { name })}</p>
      {dropped.length > 0 ? <p>{t('templates.choose.dropped', { names: dropped.join(', ') })}</p> : null}
    </div>
  );
}
