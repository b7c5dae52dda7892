import type { GraphQLResolveInfo } from 'graphql';
import { parseResolveInfo, type ResolveTree } from 'graphql-parse-resolve-info';

const childrenOf = (trees: ResolveTree[], name: string): ResolveTree[] =>
  trees.flatMap((tree) =>
    Object.values(tree.fieldsByTypeName).flatMap((fields) =>
      Object.values(fields).filter((field) => field.name === name),
    ),
  );

/**
 * What the query selects below the field being resolved (through fragments, aliases and
 * `@include`/`@skip`), so that a resolver can leave out work nobody asked for. Parsed once; ask it
 * for as many paths as needed.
 */
export function selectionOf(info: GraphQLResolveInfo): (...path: string[]) => boolean {
  const root = parseResolveInfo(info) as ResolveTree | null;
  return (...path) => {
    if (!root) return true;
    let trees = [root];
    for (const name of path) {
      trees = childrenOf(trees, name);
      if (trees.length === 0) return false;
    }
    return true;
  };
}
