import path from 'node:path';
import ts from 'typescript';
import { type Aliases, aliasesFor, resolveSpecifier } from './resolve.ts';

export interface ImportEdge {
  /** Target, relative to src/ (`..`-prefixed when it leaves src/). */
  to: string;
  /** `import type …`, or every name imported is `type`: it vanishes from the compiled code. */
  typeOnly: boolean;
}

/**
 * Local imports of a file (relative or through a tsconfig alias such as `@/`, extension optional):
 * static, `export … from`, and dynamic `import('…')`. Packages are not edges.
 */
export function importsOf(
  srcDir: string,
  file: string,
  text: string,
  aliases: Aliases = aliasesFor(srcDir),
): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const edges: ImportEdge[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    const target = resolveSpecifier(spec, file, aliases);
    if (target !== undefined) edges.push({ to: path.relative(srcDir, target), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, importIsTypeOnly(node.importClause));
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

function importIsTypeOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import './side-effect.ts'`
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || !ts.isNamedImports(bindings) || bindings.elements.length === 0) return false;
  return bindings.elements.every((e) => e.isTypeOnly);
}
