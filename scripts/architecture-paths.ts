// The names a map gives (ARCHITECTURE.md): each backticked file or folder, and whether the checkout has it; each
// backticked `path#symbol`, and whether that file declares the symbol.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const fileEnding = /\.(ts|tsx|mjs|mts|js|json|md|css)$/;
const codeEnding = /\.(ts|tsx|mts|mjs|js)$/;

const backticked = (markdown: string): string[] => [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] as string);

/** A name of one thing in the checkout: no pattern (`<id>`, `*`, `…`), nothing outside it (`../shared/…`). */
const oneThing = (token: string): boolean => !/[<>*…]/.test(token) && !token.startsWith('.');

/**
 * Every backticked token that names a file (a known ending) or a folder (a trailing slash); `path#symbol` names its
 * path. Patterns (`<id>`, `*`, `…`) and paths outside the checkout (`../shared/…`) are not names of one thing, so they
 * are left out.
 */
export function namedPaths(markdown: string): string[] {
  const paths = backticked(markdown).map((token) => token.split('#')[0] as string);
  return [...new Set(paths.filter((path) => (fileEnding.test(path) || path.endsWith('/')) && oneThing(path)))];
}

export type NamedSymbol = { path: string; symbol: string };

/** Every backticked `path#symbol` whose path names a code file, e.g. `src/domain/ticket-fields.ts#ticketFields`. */
export function namedSymbols(markdown: string): NamedSymbol[] {
  const seen = new Set<string>();
  const named: NamedSymbol[] = [];
  for (const token of backticked(markdown)) {
    const match = /^([^#]+)#([A-Za-z_$][\w$]*)$/.exec(token);
    if (!match || seen.has(token)) continue;
    const [, path = '', symbol = ''] = match;
    if (!codeEnding.test(path) || !oneThing(path)) continue;
    seen.add(token);
    named.push({ path, symbol });
  }
  return named;
}

/** The names a binding declares: `const a`, and each name of `const { a, b: [c] }`. */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

/** What one top-level statement declares or exports by name. */
function statementNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => boundNames(declaration.name));
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  ) {
    return statement.name && ts.isIdentifier(statement.name) ? [statement.name.text] : [];
  }
  if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
    return statement.exportClause.elements.map((element) => element.name.text);
  }
  // `export default name`: the default export is known by the name it gives.
  if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) return [statement.expression.text];
  return [];
}

/**
 * The file declares the symbol at its top level: a function, class, variable (also destructured), type, interface,
 * enum or namespace, exported or not; a name in `export { … }`; or the name of a default export. A name only mentioned
 * (in a comment, a string, a use) or declared inside a function is not declared by the file. `path` tells the parser
 * the file's kind (a `.tsx` file may hold JSX).
 */
export function declares(source: string, symbol: string, path = 'source.ts'): boolean {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : /\.m?js$/.test(path) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false, kind);
  return file.statements.some((statement) => statementNames(statement).includes(symbol));
}

/** The tracked files a map's name stands for: the file itself, or every file whose path ends with it. */
const filesNamed = (name: string, tracked: readonly string[]): string[] =>
  tracked.filter((file) => `/${file}` === `/${name}` || `/${file}`.endsWith(`/${name}`));

/**
 * A name is found when a tracked file is it, ends with it, or lies in a folder that is it or ends with it: the map may
 * shorten `src/features/ticket-entry/model/to-body.ts` to `model/to-body.ts` where the feature is clear.
 */
export function missingPaths(names: readonly string[], tracked: readonly string[]): string[] {
  return names.filter((name) => {
    if (!name.endsWith('/')) return filesNamed(name, tracked).length === 0;
    return !tracked.some((file) => `/${file}`.startsWith(`/${name}`) || `/${file}`.includes(`/${name}`));
  });
}

/**
 * Each `path#symbol` whose file does not declare the symbol. The path must name one file: a missing file declares
 * nothing, and a shortened path that stands for two files (`model/form-values.ts`) does not say which one holds it.
 * `read` gives a file's text.
 */
export function missingSymbols(named: readonly NamedSymbol[], tracked: readonly string[], read: (file: string) => string): string[] {
  return named
    .filter(({ path, symbol }) => {
      const [file, ...others] = filesNamed(path, tracked);
      return file === undefined || others.length > 0 || !declares(read(file), symbol, file);
    })
    .map(({ path, symbol }) => `${path}#${symbol}`);
}

export function trackedFiles(root = '.'): string[] {
  return execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

export function readMap(path = 'ARCHITECTURE.md'): string {
  return readFileSync(path, 'utf8');
}
