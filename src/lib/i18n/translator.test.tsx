/** The in-house translator: lookup, interpolation, plurals, fallbacks, language switches and the React binding. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TranslatorProvider, useWords } from './react';
import { Translator } from './translator';

const en = {
  greet: 'Hello {{name}}',
  nested: { deep: { word: 'Deep' } },
  seconds_one: '{{count}} second',
  seconds_other: '{{count}} seconds',
  onlyEnglish: 'English only',
  twice: '{{a}} and {{a}}, {{missing}}',
};
const de = { greet: 'Hallo {{name}}', seconds_one: '{{count}} Sekunde', seconds_other: '{{count}} Sekunden' };

async function translator(language = 'en'): Promise<Translator> {
  const i18n = new Translator();
  await i18n.init({ language, fallback: 'en', words: { en, de } });
  return i18n;
}

describe('t', () => {
  it.each([
    ['en', 'greet', { name: 'Ada' }, 'Hello Ada'],
    ['de', 'greet', { name: 'Ada' }, 'Hallo Ada'],
    ['en', 'nested.deep.word', undefined, 'Deep'],
    ['en', 'nested.deep', undefined, 'nested.deep'],
    ['en', 'nested.deep.word.more', undefined, 'nested.deep.word.more'],
    ['en', 'seconds', { count: 1 }, '1 second'],
    ['en', 'seconds', { count: 0 }, '0 seconds'],
    ['en', 'seconds', { count: 2 }, '2 seconds'],
    ['de', 'seconds', { count: 1 }, '1 Sekunde'],
    ['de', 'seconds', { count: 5 }, '5 Sekunden'],
    ['en', 'seconds', { count: '1,000' }, 'seconds'],
    ['de', 'onlyEnglish', undefined, 'English only'],
    ['de', 'nowhere', undefined, 'nowhere'],
    ['en', 'nowhere', { defaultValue: 'Said {{x}}', x: 'so' }, 'Said so'],
    ['en', 'nowhere', { defaultValue: '' }, ''],
    ['en', 'twice', { a: 1 }, '1 and 1, {{missing}}'],
    ['en', 'toString', undefined, 'toString'],
  ] as const)('%s: %s %j -> %j', async (language, key, options, expected) => {
    const i18n = await translator(language);
    expect(i18n.t(key, options)).toBe(expected);
  });

  it('takes the first key of a list that has words, else the last key', async () => {
    const i18n = await translator();
    expect(i18n.t(['none', 'greet'], { name: 'x' })).toBe('Hello x');
    expect(i18n.t(['none', 'other'])).toBe('other');
  });

  it('fills values in once: a value that looks like a placeholder or $t() is shown as given', async () => {
    const { t } = await translator();
    expect(t('greet', { name: '{{name}} $t(greet) {{- x}}' })).toBe('Hello {{name}} $t(greet) {{- x}}');
  });

  it('tFor keeps its language after a switch', async () => {
    const i18n = await translator();
    const english = i18n.tFor('en');
    await i18n.changeLanguage('de');
    expect(english('greet', { name: 'A' })).toBe('Hello A');
    expect(i18n.t('greet', { name: 'A' })).toBe('Hallo A');
  });

  it('merges added words without replacing existing ones, and tells listeners', async () => {
    const i18n = await translator();
    const added = vi.fn();
    i18n.on('added', added);
    i18n.addWords('en', { nested: { deep: { other: 'Other', word: 'Changed' } } });
    expect(i18n.t('nested.deep.other')).toBe('Other');
    expect(i18n.t('nested.deep.word')).toBe('Deep');
    expect(added).toHaveBeenCalledTimes(1);
  });
});

describe('changeLanguage', () => {
  it('waits for a language loaded on demand, and the last switch asked for wins', async () => {
    const i18n = new Translator();
    let release: (words: Record<string, unknown>) => void = () => undefined;
    const loader = vi.fn(() => new Promise<Record<string, unknown>>((resolve) => (release = resolve)));
    await i18n.init({ language: 'en', words: { en } }, loader);
    const changed = vi.fn();
    i18n.on('languageChanged', changed);

    const toGerman = i18n.changeLanguage('de');
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('en');
    release(de);
    await toGerman;
    expect(i18n.language).toBe('en');
    expect(changed).not.toHaveBeenCalled();

    await i18n.changeLanguage('de');
    expect(loader).toHaveBeenCalledTimes(1);
    expect(i18n.t('greet', { name: 'B' })).toBe('Hallo B');
    expect(changed).toHaveBeenCalledWith('de');
    i18n.off('languageChanged', changed);
    await i18n.changeLanguage('en');
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

function Greeting({ language }: { language: () => string }) {
  const t = useWords();
  return (
    <p>
      {t('greet', { name: language() })} {t('late.word')}
    </p>
  );
}

describe('useWords', () => {
  it('re-renders on a language change and when words are added', async () => {
    const i18n = await translator();
    render(
      <TranslatorProvider translator={i18n}>
        <Greeting language={() => i18n.language} />
      </TranslatorProvider>,
    );
    expect(screen.getByText('Hello en late.word')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('Hallo de late.word')).toBeInTheDocument();
    act(() => void i18n.addWords('de', { late: { word: 'Spät' } }));
    expect(screen.getByText('Hallo de Spät')).toBeInTheDocument();
  });
});
