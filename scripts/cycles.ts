/**
 * Import cycles of core, the BFF and the plugins: `npm run lint` runs this after eslint (docs/decisions.md,
 * "Import cycles"). Exits with 1 when there is one, printing its files and one path through it.
 *
 * Every import, re-export, dynamic import and `import('…')` type of a string literal is resolved the way the
 * type checker resolves it (tsconfig.json: nodenext, the workspaces' `exports`); the strongly connected
 * components of the graph are the cycles. Two checks:
 * - files: no cycle of evaluated imports (static imports of values: they decide the order files run in, and
 *   in a cycle one file sees the other's exports before they exist). `import type` and dynamic `import()` are
 *   left out here — a class and the handlers it passes itself to may name each other's types.
 * - core modules (`core/<module>/`): no cycle of any imports, type-only ones included, tests left out — a
 *   module that names another's types depends on it all the same (what two modules need goes into one both
 *   import, as core/tenancy holds the model accounts, customers and clusters share).
 *
 * It parses without type checking, once per file (a few seconds for the whole tree), instead of
 * eslint-plugin-import-x's `no-cycle`, which walks the graph again from every linted file.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const sourceFile = /\.(ts|tsx|mts)$/;
const skipped = new Set(['node_modules', 'dist', 'generated-types', 'storybook-static', 'test-results']);

/** The .ts/.tsx files under `dirs` (relative to the repository root), without dependencies and build output. */
export function sourceFiles(dirs: readonly string[], base = root): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const dir of dirs) walk(path.resolve(base, dir));
  return files.sort();
}

/** An import or export that is erased at run time (`import type`, or every name marked `type`). */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** An import of a file: its specifier, and whether it is evaluated with the file (a static import of a value). */
export interface ImportRef {
  specifier: string;
  evaluated: boolean;
}

/** The modules a file imports, re-exports, loads dynamically or names in a type (string literals only). */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: ImportRef[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) found.push({ specifier: node.moduleSpecifier.text, evaluated: !typeOnly(node) });
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) found.push({ specifier: node.moduleReference.expression.text, evaluated: !node.isTypeOnly });
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) found.push({ specifier: node.arguments[0].text, evaluated: false });
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) found.push({ specifier: node.argument.literal.text, evaluated: false });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export type Graph = ReadonlyMap<string, readonly string[]>;

/**
 * The graphs of `files`: each file and the files among `files` it imports — `evaluated`: the static imports
 * of values (what decides the order files run in), `all`: every import, type-only and dynamic ones too.
 */
export function importGraphs(files: readonly string[], base = root): { evaluated: Graph; all: Graph } {
  const config = ts.readConfigFile(path.join(base, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, base);
  const host: ts.ModuleResolutionHost = { fileExists: ts.sys.fileExists, readFile: ts.sys.readFile, realpath: ts.sys.realpath, directoryExists: ts.sys.directoryExists, getCurrentDirectory: () => base };
  const cache = ts.createModuleResolutionCache(base, (f) => f, options);
  const known = new Set(files);
  const evaluated = new Map<string, string[]>();
  const all = new Map<string, string[]>();
  for (const file of files) {
    const some = new Set<string>();
    const every = new Set<string>();
    for (const { specifier, evaluated: now } of importsOf(file, fs.readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = path.resolve(resolved.resolvedFileName);
      if (!known.has(target) || target === file) continue;
      every.add(target);
      if (now) some.add(target);
    }
    evaluated.set(file, [...some].sort());
    all.set(file, [...every].sort());
  }
  return { evaluated, all };
}

/** The strongly connected components with more than one file (Tarjan), each sorted, largest first. */
export function cyclesOf(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative, so a long import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [node: string, next: number][] = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const edges = graph.get(node) ?? [];
      if (next < edges.length) {
        frame[1]++;
        const to = edges[next];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(node)!));
      }
      if (low.get(node) === index.get(node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** One closed import path through a component (breadth first, so it is a shortest one from its first file). */
export function pathThrough(component: readonly string[], graph: Graph): string[] {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const chain = [node];
        while (chain[0] !== start) chain.unshift(previous.get(chain[0])!);
        return [...chain, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** The graph of core's modules (`core/<module>/`): a module and the modules its files import, type imports included. */
export function moduleGraph(fileGraph: Graph, base = root): Graph {
  const moduleOf = (f: string) => /^core\/([^/]+)\//.exec(path.relative(base, f).split(path.sep).join('/'))?.[1];
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of fileGraph) {
    const from = moduleOf(file);
    // A module's tests may seed with other modules (core/seed, core/testing); only its code counts.
    if (!from || /\.test\.tsx?$/.test(file)) continue;
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const t of targets) {
      const to = moduleOf(t);
      if (to && to !== from) edges.add(`core/${to}`);
    }
  }
  return new Map([...graph].map(([m, edges]) => [`core/${m}`, [...edges].sort()]));
}

/** Both checks: cycles of evaluated imports between files, and cycles of any imports between core's modules. */
export function findCycles(dirs: readonly string[], base = root): { files: number; fileCycles: { files: string[]; path: string[] }[]; moduleCycles: { modules: string[]; path: string[] }[] } {
  const files = sourceFiles(dirs, base);
  const { evaluated, all } = importGraphs(files, base);
  const modules = moduleGraph(all, base);
  const relative = (f: string) => path.relative(base, f).split(path.sep).join('/');
  return {
    files: files.length,
    fileCycles: cyclesOf(evaluated).map((c) => ({ files: c.map(relative), path: pathThrough(c, evaluated).map(relative) })),
    moduleCycles: cyclesOf(modules).map((c) => ({ modules: c, path: pathThrough(c, modules) })),
  };
}

if (import.meta.main) {
  const started = Date.now();
  const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ['core', 'bff', 'plugins'];
  const { files, fileCycles, moduleCycles } = findCycles(dirs);
  for (const c of fileCycles) console.error(`Import cycle of ${c.files.length} files:\n  ${c.files.join('\n  ')}\n one path: ${c.path.join(' → ')}\n`);
  for (const c of moduleCycles) console.error(`Import cycle of ${c.modules.length} core modules: ${c.path.join(' → ')}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const count = fileCycles.length + moduleCycles.length;
  if (count) {
    console.error(`${count} import cycle(s) in ${dirs.join(', ')} (${files} files, ${seconds} s). Break each by moving what both sides need into a file or module both import.`);
    process.exit(1);
  }
  if (process.env.CYCLES_VERBOSE === '1') console.log(`No import cycle in ${dirs.join(', ')} (${files} files, ${seconds} s).`);
}
