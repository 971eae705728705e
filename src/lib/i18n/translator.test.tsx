/** The in-house translator: lookup, interpolation, plurals, fallbacks, language switches and the React binding. */
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TranslatorProvider, useWords } from './react';
import { Translator, type TFunction } from './translator';

const en = {
  greet: 'Hello {{name}}',
  nested: { deep: { word: 'Deep' } },
  seconds_one: '{{count}} second',
  seconds_other: '{{count}} seconds',
  onlyEnglish: 'English only',
  twice: '{{a}} and {{a}}, {{missing}}',
};
const de = { greet: 'Hallo {{name}}', seconds_one: '{{count}} Sekunde', seconds_other: '{{count}} Sekunden' };

/** A translator with this test's own words: its keys are any string, not the app's. */
async function translator(language = 'en'): Promise<Translator<string>> {
  const i18n = new Translator<string>();
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

  it('merges added words without replacing existing ones', async () => {
    const i18n = await translator();
    i18n.addWords('en', { nested: { deep: { other: 'Other', word: 'Changed' } } });
    expect(i18n.t('nested.deep.other')).toBe('Other');
    expect(i18n.t('nested.deep.word')).toBe('Deep');
  });

  // Listeners (every component's useWords) hear of added words only when they can change what was shown: a
  // lazily loaded screen's words arrive before its components ask for them, and must not re-render the whole app.
  it.each([
    ['a key never asked for', 'en', undefined, { late: { word: 'Late' } }, false, 0],
    ['a key asked for and shown as the key', 'en', 'late.word', { late: { word: 'Late' } }, false, 1],
    ['a German word for a key shown in English', 'de', 'onlyEnglish', { onlyEnglish: 'Nur Englisch' }, false, 1],
    ['a plural form of a key asked for', 'en', 'apples', { apples_one: 'an apple', apples_other: 'apples' }, false, 1],
    ['a key asked for, in a group added whole', 'en', 'late.group.word', { late: { group: { word: 'Grouped' } } }, false, 1],
    ['an existing word again, not overwriting', 'en', 'nested.deep.word', { nested: { deep: { word: 'Changed' } } }, false, 0],
    ['an existing word overwritten by another', 'en', 'nested.deep.word', { nested: { deep: { word: 'Changed' } } }, true, 1],
    ['an existing word overwritten by the same', 'en', 'nested.deep.word', { nested: { deep: { word: 'Deep' } } }, true, 0],
  ])('added words: %s tells listeners %s→%i times', async (_case, language, askedKey, words, overwrite, calls) => {
    const i18n = await translator(language);
    if (askedKey) i18n.t(askedKey);
    const added = vi.fn();
    i18n.on('added', added);
    const versionBefore = i18n.version;
    i18n.addWords(language, words, overwrite);
    expect(added).toHaveBeenCalledTimes(calls);
    expect(i18n.version - versionBefore).toBe(calls);
  });
});

describe('changeLanguage', () => {
  it('waits for a language loaded on demand, and the last switch asked for wins', async () => {
    const i18n = new Translator<string>();
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

/** `useWords` gives the app's keys; these components read this test's own words. */
const ownWords = (t: TFunction): TFunction<string> => t as TFunction<string>;

function Greeting({ language }: { language: () => string }) {
  const t = ownWords(useWords());
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

  it('does not re-render for words no component has asked for (a lazily loaded screen\'s section)', async () => {
    const i18n = await translator();
    const renders = vi.fn();
    function Counted() {
      const t = ownWords(useWords());
      renders();
      return <p>{t('greet', { name: 'A' })}</p>;
    }
    render(
      <TranslatorProvider translator={i18n}>
        <Counted />
      </TranslatorProvider>,
    );
    const before = renders.mock.calls.length;
    act(() => void i18n.addWords('en', { otherScreen: { title: 'Other screen' } }));
    expect(renders).toHaveBeenCalledTimes(before);
    act(() => void i18n.addWords('en', { greet: 'Hi {{name}}' }, true));
    expect(renders).toHaveBeenCalledTimes(before + 1);
    expect(screen.getByText('Hi A')).toBeInTheDocument();
  });
});
