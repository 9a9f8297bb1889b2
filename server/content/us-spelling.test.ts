import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateSeedData } from '../db/seed/index';
import { britishSpellings } from './us-spelling';

/**
 * One spelling (US English) across the store (issue 9 §9): the checker itself, then every text of `content/` and of
 * the seeded catalogue a shopper can read. The rendered pages are checked over HTTP (test/integration/spelling.test.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('britishSpellings', () => {
  it.each([
    ['Choose a colour', 'colour', 'color'],
    ['Colourways in stock', 'Colourways', 'colorways'],
    ['Our favourite pack', 'favourite', 'favorite'],
    ['the service centre', 'centre', 'center'],
    ['Browse the catalogue', 'catalogue', 'catalog'],
    ['Organise your layers', 'Organise', 'organize'],
    ['Personalised picks', 'Personalised', 'personalized'],
    ['a driving licence', 'licence', 'license'],
    ['Grey camo', 'Grey', 'gray'],
    ['Order cancelled', 'cancelled', 'canceled'],
    ['waders of rubberised textile fabric', 'rubberised', 'rubberized'],
    ['We analyse returns', 'analyse', 'analyze'],
    ['a 2 metre cord', 'metre', 'meter'],
    ['fibreglass poles', 'fibreglass', 'fiberglass'],
    ['gold jewellery', 'jewellery', 'jewelry'],
  ])('finds the British spelling in %j', (text, word, us) => {
    expect(britishSpellings(text)).toEqual([{ word, us }]);
  });

  it('leaves US spellings and words that only look alike alone', () => {
    const text =
      'Color, colorway, favorite, center, catalog, organize, license, gray, canceled, cancellation, otherwise, ' +
      'exercise, expertise, merchandise, advertise, promise, surprise, precise, enterprise, emphasis, analysis, ' +
      'labels, models, modeled, traveled, Greyhound, Grayling, centered, fiber, practice, colorful, Harbor';
    expect(britishSpellings(text)).toEqual([]);
  });
});

/** Every string under `value`, with where it is. */
function* stringsOf(value: unknown, where: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [where, value];
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* stringsOf(item, `${where}[${index}]`);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* stringsOf(item, `${where}.${key}`);
}

const problemsIn = (strings: Iterable<[string, string]>) =>
  [...strings].flatMap(([where, text]) =>
    britishSpellings(text).map(
      ({ word, us }) => `${where}: "${word}" (US: ${us}) in ${JSON.stringify(text.slice(0, 80))}`,
    ),
  );

describe('US spelling in what the store shows', () => {
  it('in every text of content/', () => {
    const files = fs.readdirSync(path.join(root, 'content')).filter((name) => name.endsWith('.json'));
    expect(files.length).toBeGreaterThan(4);
    const strings = files.flatMap((name) => [
      ...stringsOf(JSON.parse(fs.readFileSync(path.join(root, 'content', name), 'utf8')), name),
    ]);
    expect(strings.length).toBeGreaterThan(100);
    expect(problemsIn(strings)).toEqual([]);
  });

  it('in every text of the seeded catalogue (names, descriptions, custom fields, labels, reviews)', () => {
    const seed = generateSeedData();
    // Identifiers, never shown as words: paths, slugs, SKUs, image files, keys and codes.
    const IDENTIFIER = /(^|\.)(url|slug|sku|variantSku|imageUrl|path|key|code|href|src|email)$/i;
    const strings = [...stringsOf(seed, 'seed')].filter(
      ([where]) => !IDENTIFIER.test(where.replace(/\[\d+\]/g, '')),
    );
    expect(strings.length).toBeGreaterThan(10_000);
    expect(problemsIn(strings).slice(0, 20)).toEqual([]);
  });

  it('in every string and JSX text of the app (its UI strings)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.(test|css)\.tsx?$/.test(entry.name)) files.push(file);
      }
    };
    walk(path.join(root, 'app'));
    expect(files.length).toBeGreaterThan(100);
    const strings: [string, string][] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const where = (node: ts.Node) =>
        `${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const visit = (node: ts.Node): void => {
        // Module specifiers are paths (components/catalogue/…), not words.
        if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
        if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
          strings.push([where(node), node.text]);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(strings.length).toBeGreaterThan(1000);
    expect(problemsIn(strings)).toEqual([]);
  });
});
