import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every route pattern of the SPA, read from the router itself (frontend/src/routes.tsx) and from the
 * Managed Center plugins' route lists (frontend/src/generated/plugins.ts → plugins/<id>/web/index.tsx),
 * so a screen added there is checked by the accessibility spec without anyone editing a list here.
 * The source is parsed (TypeScript's parser), not imported: the router module pulls in the whole app.
 *
 * Patterns are relative to `/a/`, e.g. `contracts/:type/:contractId`; the index route is `''`.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

function prop(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) if (ts.isPropertyAssignment(p) && p.name.getText() === name) return p.initializer;
  return undefined;
}

const join = (base: string, rel: string) => [base, rel].filter((s) => s !== '').join('/');

/** Leaf patterns of a `RouteObject[]` literal; layout routes contribute their children only. */
function walk(array: ts.ArrayLiteralExpression, base: string, out: string[]): void {
  for (const element of array.elements) {
    if (!ts.isObjectLiteralExpression(element)) throw new Error(`routeList: cannot read route ${element.getText()}`);
    const pathExpr = prop(element, 'path');
    const here = pathExpr && ts.isStringLiteralLike(pathExpr) ? join(base, pathExpr.text) : base;
    const children = prop(element, 'children');
    if (children && ts.isArrayLiteralExpression(children)) walk(children, here.replace(/\/?\*$/, ''), out);
    else if (prop(element, 'lazy') || prop(element, 'element') || prop(element, 'Component')) out.push(here);
  }
}

function findArray(source: ts.SourceFile, test: (node: ts.Node) => ts.Expression | undefined): ts.ArrayLiteralExpression {
  let found: ts.ArrayLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    const value = test(node);
    if (value && ts.isArrayLiteralExpression(value)) found ??= value;
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found) throw new Error(`routeList: no route list in ${source.fileName}`);
  return found;
}

/** The plugins (id and web entry file) in navigation order, as the generated registry lists them. */
function plugins(): { id: string; web: string }[] {
  const registry = fs.readFileSync(path.join(root, 'frontend/src/generated/plugins.ts'), 'utf8');
  return [...registry.matchAll(/id: '([\w-]+)'[\s\S]*?web: \(\) => import\('([^']+)'\)/g)].map((m) => ({
    id: m[1],
    web: path.resolve(root, 'frontend/src/generated', m[2]),
  }));
}

/** The services each plugin applies to (`'all'` or a list), as the generated registry lists them. */
export function pluginServices(): Map<string, 'all' | string[]> {
  const registry = fs.readFileSync(path.join(root, 'frontend/src/generated/plugins.ts'), 'utf8');
  return new Map(
    [...registry.matchAll(/id: '([\w-]+)'[\s\S]*?services: ('all'|\[[^\]]*\])/g)].map((m) => [
      m[1],
      m[2] === "'all'" ? 'all' : [...m[2].matchAll(/'([^']+)'/g)].map((x) => x[1]),
    ]),
  );
}

/**
 * A plugin's route list: the `routes` array literal of its web entry, or — for a family member, whose entry
 * says `routes: webServerRoutes(pages)` — the array its family's function returns (`families` below).
 */
const families: Record<string, string> = { webServerRoutes: 'plugins/sdk/webserver/web/index.tsx' };
function pluginRouteList(file: string): ts.ArrayLiteralExpression {
  let call: string | undefined;
  const web = parse(file);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === 'routes' && ts.isCallExpression(node.initializer)) call ??= node.initializer.expression.getText();
    ts.forEachChild(node, visit);
  };
  visit(web);
  if (!call) return findArray(web, (n) => (ts.isPropertyAssignment(n) && n.name.getText() === 'routes' ? n.initializer : undefined));
  const familyFile = families[call];
  if (!familyFile) throw new Error(`routeList: ${file} takes its routes from ${call}, which is not a family's routes function`);
  const family = parse(path.join(root, familyFile));
  return findArray(family, (n) =>
    ts.isReturnStatement(n) && n.expression && ts.isArrayLiteralExpression(n.expression) && ts.findAncestor(n, (a) => ts.isFunctionDeclaration(a) && a.name?.text === call)
      ? n.expression
      : undefined,
  );
}

/** The Managed Center's own sections (frontend/src/managed/ManagedCenterPage.tsx) next to the plugins'. */
const managedCoreSections = ['dashboard'];

export function routePatterns(): string[] {
  const routes = parse(path.join(root, 'frontend/src/routes.tsx'));
  const list = findArray(routes, (n) => (ts.isVariableDeclaration(n) && n.name.getText() === 'routes' ? n.initializer : undefined));
  const out: string[] = [];
  walk(list, '', out);
  const result: string[] = [];
  for (const pattern of out) {
    // The Managed Center's splat route holds its own sections and every plugin's routes.
    if (/\/managed\/\*$/.test(pattern)) {
      const base = pattern.replace(/\/\*$/, '');
      for (const section of managedCoreSections) result.push(join(base, section));
      for (const plugin of plugins()) {
        const pluginRoutes = pluginRouteList(plugin.web);
        const inner: string[] = [];
        walk(pluginRoutes, '', inner);
        for (const p of inner) result.push(join(join(base, plugin.id), p));
      }
    } else result.push(pattern);
  }
  return [...new Set(result)];
}
