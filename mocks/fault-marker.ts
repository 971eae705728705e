/** The demo's visible marker while faults are injected, so nobody takes a demo's failures for real ones. */
import type { FaultConfig } from './faults';
import './fault-marker.css';

/**
 * The app's catalogues are UI (mocks may not import them), and this bar lives outside React: its own two sentences,
 * in the language the app set on <html lang>.
 */
const words = {
  en: (percent: number, kinds: string) => `Demo: the mocked service injects faults into ${percent} % of its operations (${kinds}).`,
  de: (percent: number, kinds: string) => `Demo: Der simulierte Dienst erzeugt bei ${percent} % seiner Operationen Fehler (${kinds}).`,
};

const percentOf = (rate: number) => Math.round(rate * 1000) / 10;

/** Puts the bar first in <body> (outside #root, which React owns) and keeps it in step with config and language. */
export function showFaultMarker(initial: FaultConfig, subscribe: (listener: (config: FaultConfig) => void) => void): void {
  const bar = document.createElement('p');
  bar.className = 'demo-fault-marker';
  bar.dataset.testid = 'demo-fault-marker';
  document.body.prepend(bar);
  let config = initial;
  const render = () => {
    const language = document.documentElement.lang.startsWith('de') ? 'de' : 'en';
    bar.hidden = config.rate <= 0;
    bar.lang = language;
    bar.textContent = words[language](percentOf(config.rate), config.kinds.join(', '));
  };
  render();
  subscribe((next) => {
    config = next;
    render();
  });
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
