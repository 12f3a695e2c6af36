/**
 * The catalogue check (npm run i18n:check, in CI beside lint): every word a customer
 * reads comes from the message catalogues, and every catalogue is complete.
 *
 * Fails when
 * - a component (.tsx under web/src) holds a user-visible literal: JSX text, or a string
 *   in a JSX expression or in a user-visible prop (aria-label, placeholder, title, alt,
 *   label, …), unless the file is listed in not-yet-converted.json;
 * - a mail template holds a literal sentence outside its catalogue (HTML tags and
 *   entities aside);
 * - a key is in one language and not in another, a message is not valid ICU, or its
 *   placeholders differ between languages;
 * - a key is used in code but in no catalogue, or is in a catalogue but used nowhere
 *   (the `errors` namespace is keyed by the API's codes and looked up by them);
 * - a file in not-yet-converted.json is converted already (take it off the list).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';

export interface CheckOptions {
  root: string;
  /** Globs are not needed: folders walked for components, and mail template files. */
  componentDirs: string[];
  mailFiles: string[];
  /** Folders with one folder per language, each holding <namespace>.json. */
  catalogueDirs: string[];
  /** Folders whose .ts/.tsx files are read for the keys they use. */
  sourceDirs: string[];
  /** Files not converted yet: their literals are allowed (paths from root). */
  pending: string[];
  /** Namespaces looked up by a computed key: exempt from the unused check. */
  dynamicNamespaces: string[];
}

/** Props whose string a person reads or hears. */
const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'hint',
  'confirmLabel',
  'cancelLabel',
  'headline',
  'message',
]);

const HAS_WORD = /\p{L}{2,}/u;

/** The language the code is written against: every value a message takes is given in it. */
const SOURCE_LANGUAGE = 'en';

export interface Problem {
  file: string;
  line?: number;
  message: string;
}

function walk(dir: string, ext: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full, ext);
    return ext.test(entry.name) ? [full] : [];
  });
}

const rel = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceOf(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  return ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
}

/** A translation call (`t('key')`, `i18next.t('key')`): its arguments are keys, not text. */
function isTranslationCall(node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 't';
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 't';
}

/** The text of a literal as a person would read it, with a template's holes blanked. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('');
  return undefined;
}

/** Literals reachable as a value from an expression (through ?:, &&, ||, ??, +, parentheses). */
function visibleLiterals(expression: ts.Expression): ts.Node[] {
  if (literalText(expression) !== undefined) {
    // A template's holes may hold literals too (`${a ? 'x' : 'y'}`).
    const inner = ts.isTemplateExpression(expression)
      ? expression.templateSpans.flatMap((span) => visibleLiterals(span.expression))
      : [];
    return [expression, ...inner];
  }
  if (ts.isParenthesizedExpression(expression)) return visibleLiterals(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...visibleLiterals(expression.whenTrue), ...visibleLiterals(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const op = expression.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return visibleLiterals(expression.right);
    if (
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.PlusToken
    )
      return [...visibleLiterals(expression.left), ...visibleLiterals(expression.right)];
  }
  return [];
}

const lineOf = (node: ts.Node) =>
  node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;

export function componentLiterals(file: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const note = (node: ts.Node, text: string) => {
    const shown = text.replace(/\s+/g, ' ').trim();
    if (HAS_WORD.test(shown)) found.push({ line: lineOf(node), text: shown });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) note(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of visibleLiterals(node.expression)) note(literal, literalText(literal)!);
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText())) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) note(value, value.text);
      else if (value && ts.isJsxExpression(value) && value.expression)
        for (const literal of visibleLiterals(value.expression))
          note(literal, literalText(literal)!);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return found;
}

/** Property names whose strings are identifiers, not words (a template's name, its values). */
const MAIL_NAME_PROPS = new Set(['name', 'template', 'required']);

export function mailLiterals(file: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) ||
      ts.isExportDeclaration(node) ||
      ts.isTypeNode(node) ||
      isTranslationCall(node) ||
      (ts.isPropertyAssignment(node) && MAIL_NAME_PROPS.has(node.name.getText()))
    )
      return;
    const text = literalText(node);
    if (text !== undefined && !ts.isTaggedTemplateExpression(node.parent)) {
      const words = text
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[a-z]+;|&#\d+;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (HAS_WORD.test(words)) found.push({ line: lineOf(node), text: words });
      if (ts.isTemplateExpression(node))
        for (const span of node.templateSpans) visit(span.expression);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return found;
}

type Catalogue = Map<string, string>;

function flatten(
  value: unknown,
  prefix: string,
  into: Catalogue,
  file: string,
  problems: Problem[],
) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, into, file, problems);
  else problems.push({ file, message: `${prefix}: a message must be a string` });
}

/** ns → language → key → message */
export function readCatalogues(root: string, dirs: string[], problems: Problem[]) {
  const namespaces = new Map<string, Map<string, Catalogue>>();
  for (const dir of dirs) {
    const full = path.join(root, dir);
    if (!fs.existsSync(full)) continue;
    for (const language of fs.readdirSync(full)) {
      for (const file of walk(path.join(full, language), /\.json$/)) {
        const namespace = path.basename(file, '.json');
        const catalogue: Catalogue = new Map();
        try {
          flatten(
            JSON.parse(fs.readFileSync(file, 'utf8')),
            '',
            catalogue,
            rel(root, file),
            problems,
          );
        } catch (error) {
          problems.push({
            file: rel(root, file),
            message: `not JSON: ${(error as Error).message}`,
          });
        }
        const byLanguage = namespaces.get(namespace) ?? new Map<string, Catalogue>();
        byLanguage.set(language, catalogue);
        namespaces.set(namespace, byLanguage);
      }
    }
  }
  return namespaces;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

/** The keys a source file names: `t('ns:key')` and every other literal shaped like a key. */
function keysNamed(file: string): {
  exact: Set<string>;
  prefixes: Set<string>;
  calls: Array<{ key: string; line: number }>;
} {
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const calls: Array<{ key: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) exact.add(node.text);
    if (ts.isTemplateExpression(node) && node.head.text) prefixes.add(node.head.text);
    if (isTranslationCall(node)) {
      const first = (node as ts.CallExpression).arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)))
        calls.push({ key: first.text, line: lineOf(first) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return { exact, prefixes, calls };
}

export function check(options: CheckOptions): Problem[] {
  const { root } = options;
  const problems: Problem[] = [];
  // A file, or a folder ending in "/" (an area not converted yet: files added to it
  // meanwhile are covered too). A folder is taken off once none of its files has a literal.
  const pending = new Set(options.pending);
  const pendingFolders = options.pending.filter((entry) => entry.endsWith('/'));
  const literalsUnder = new Map(pendingFolders.map((folder) => [folder, 0]));
  const listed = (name: string) =>
    pending.has(name) || pendingFolders.some((folder) => name.startsWith(folder));

  const components = options.componentDirs.flatMap((dir) => walk(path.join(root, dir), /\.tsx$/));
  const mails = options.mailFiles.map((file) => path.join(root, file));
  for (const [files, finder] of [
    [components, componentLiterals],
    [mails, mailLiterals],
  ] as const) {
    for (const file of files) {
      const name = rel(root, file);
      const literals = finder(file);
      if (listed(name)) {
        for (const folder of pendingFolders)
          if (name.startsWith(folder))
            literalsUnder.set(folder, (literalsUnder.get(folder) ?? 0) + literals.length);
        if (pending.has(name) && literals.length === 0)
          problems.push({ file: name, message: 'converted: take it off not-yet-converted.json' });
        continue;
      }
      for (const literal of literals)
        problems.push({
          file: name,
          line: literal.line,
          message: `literal text outside the catalogue: "${literal.text}"`,
        });
    }
  }
  for (const name of pending)
    if (!fs.existsSync(path.join(root, name)))
      problems.push({ file: name, message: 'listed in not-yet-converted.json but missing' });
  for (const [folder, count] of literalsUnder)
    if (count === 0 && fs.existsSync(path.join(root, folder)))
      problems.push({ file: folder, message: 'converted: take it off not-yet-converted.json' });

  const namespaces = readCatalogues(root, options.catalogueDirs, problems);
  const languages = new Set(
    [...namespaces.values()].flatMap((byLanguage) => [...byLanguage.keys()]),
  );
  const known = new Set<string>();
  for (const [namespace, byLanguage] of namespaces) {
    const allKeys = new Set([...byLanguage.values()].flatMap((catalogue) => [...catalogue.keys()]));
    for (const key of allKeys) known.add(`${namespace}:${key}`);
    for (const language of languages) {
      const catalogue = byLanguage.get(language);
      const file = `${language}/${namespace}.json`;
      if (!catalogue) {
        problems.push({ file, message: `namespace "${namespace}" missing in ${language}` });
        continue;
      }
      for (const key of allKeys) {
        const message = catalogue.get(key);
        if (message === undefined) {
          problems.push({ file, message: `key "${namespace}:${key}" missing in ${language}` });
          continue;
        }
        if (message.trim() === '')
          problems.push({ file, message: `key "${namespace}:${key}" is empty in ${language}` });
        try {
          // A language may leave a value out (German needs no {message} pass-through),
          // never name one the source language (en) does not give.
          const own = argumentsOf(parse(message));
          const source = byLanguage.get(SOURCE_LANGUAGE)?.get(key);
          if (language !== SOURCE_LANGUAGE && source !== undefined) {
            const given = argumentsOf(parse(source));
            const unknown = [...own].filter((name) => !given.has(name));
            if (unknown.length > 0)
              problems.push({
                file,
                message: `key "${namespace}:${key}" takes {${unknown.join(', ')}} in ${language}, which ${SOURCE_LANGUAGE} does not give`,
              });
          }
        } catch (error) {
          problems.push({
            file,
            message: `key "${namespace}:${key}" is not ICU in ${language}: ${(error as Error).message}`,
          });
        }
      }
    }
  }

  // Keys named in code: each must exist; each catalogue key must be named somewhere.
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const dir of options.sourceDirs)
    for (const file of walk(path.join(root, dir), /\.tsx?$/)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const named = keysNamed(file);
      for (const key of named.exact) exact.add(key);
      for (const prefix of named.prefixes) prefixes.add(prefix);
      for (const call of named.calls) {
        const qualified = call.key.includes(':');
        const exists = qualified
          ? known.has(call.key)
          : [...namespaces.keys()].some((ns) => known.has(`${ns}:${call.key}`));
        if (!exists)
          problems.push({
            file: rel(root, file),
            line: call.line,
            message: `key "${call.key}" is in no catalogue`,
          });
      }
    }
  for (const entry of known) {
    const [namespace = '', key = ''] = entry.split(/:(.*)/s);
    if (options.dynamicNamespaces.includes(namespace)) continue;
    // ICU plurals live inside one message; i18next's own suffixes are not used.
    const used =
      exact.has(entry) ||
      exact.has(key) ||
      [...prefixes].some((prefix) => entry.startsWith(prefix) || key.startsWith(prefix));
    if (!used)
      problems.push({ file: `${namespace}.json`, message: `key "${entry}" is used nowhere` });
  }
  return problems;
}

export const REPO_OPTIONS = (root: string): CheckOptions => ({
  root,
  componentDirs: ['web/src'],
  mailFiles: [
    ...fs
      .readdirSync(path.join(root, 'src/mail/templates'))
      .filter(
        (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'template.ts',
      )
      .map((name) => `src/mail/templates/${name}`),
    'src/modules/orders/order-mails.ts',
    'src/modules/shop/owner-notices.ts',
    'src/modules/webhooks/webhook-disabled-mail.ts',
  ],
  catalogueDirs: ['web/src/locales', 'src/locales'],
  sourceDirs: ['web/src', 'src'],
  pending: JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'not-yet-converted.json'), 'utf8'),
  ) as string[],
  dynamicNamespaces: ['errors'],
});

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '../..');
  const problems = check(REPO_OPTIONS(root));
  for (const problem of problems)
    console.error(`${problem.file}${problem.line ? `:${problem.line}` : ''}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\ni18n check: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log(
    'i18n check: every visible word is in the catalogues, and every language is complete',
  );
}
