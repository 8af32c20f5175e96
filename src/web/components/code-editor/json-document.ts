import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from '@lezer/json';

/** A problem at a place in the text, worded for people. */
export type Problem = { from: number; to: number; message: string };

/** 1-based line of an offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The first place the JSON grammar cannot continue, or null when the text parses. */
function firstErrorOffset(tree: Tree): number | null {
  let found: number | null = null;
  tree.iterate({
    enter: (node) => {
      if (found !== null) return false;
      if (node.type.isError) {
        found = node.from;
        return false;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * JSON.parse's complaint without the parts meant for programmers: "Unexpected token '}', "{"a":}" is
 * not valid JSON" -> "Unexpected token '}'"; "... in JSON at position 7 (line 1 column 8)" -> "...".
 */
function plainParseMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(raw))
    return 'The JSON ends too early: a closing bracket, brace or quote is missing';
  return raw
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/^JSON\.parse: /, '')
    .trim();
}

/**
 * The syntax error of JSON text, with its line ("Line 3: Expected ',' or '}' after property value"),
 * or null when it is valid JSON (or empty, when `allowEmpty`: forms read empty as {}).
 */
export function jsonSyntaxProblem(text: string, { allowEmpty = true } = {}): Problem | null {
  if (text.trim() === '') {
    return allowEmpty ? null : { from: 0, to: 0, message: 'Line 1: Enter a JSON value' };
  }
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    // JSON.parse names the problem; the grammar places it (JSON.parse does not always say where).
    const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    const offset = position ? Number(position[1]) : (firstErrorOffset(parser.parse(text)) ?? text.length);
    const from = Math.min(offset, text.length);
    const to = Math.min(from + 1, text.length);
    return { from, to, message: `Line ${lineAt(text, from)}: ${plainParseMessage(error)}` };
  }
}

/** A path into a JSON document: property names and list indexes, outermost first. */
export type JsonPath = (string | number)[];

const unquote = (node: SyntaxNode, text: string): string => {
  const source = text.slice(node.from, node.to);
  try {
    return String(JSON.parse(source));
  } catch {
    return source.replace(/^"|"$/g, '');
  }
};

/** The value node at `path` (for placing a schema problem), or the document's value when not found. */
export function nodeAtPath(tree: Tree, text: string, path: JsonPath): SyntaxNode | null {
  let node: SyntaxNode | null = tree.topNode.firstChild;
  for (const step of path) {
    if (!node) return null;
    if (node.name === 'Object' && typeof step === 'string') {
      const property: SyntaxNode | undefined = node
        .getChildren('Property')
        .find((p) => p.firstChild?.name === 'PropertyName' && unquote(p.firstChild, text) === step);
      if (!property) return node;
      node = property.lastChild;
    } else if (node.name === 'Array' && typeof step === 'number') {
      const items: SyntaxNode[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) {
        if (!['[', ']', ','].includes(child.name) && !child.type.isError) items.push(child);
      }
      const item = items[step];
      if (!item) return node;
      node = item;
    } else {
      return node;
    }
  }
  return node;
}

/** "configuration.servers[1].url" (a server issue path) -> ["servers", 1, "url"], below `root`. */
export function pathFromIssue(issuePath: string, root: string): JsonPath {
  const rest =
    issuePath === root ? '' : issuePath.startsWith(`${root}.`) ? issuePath.slice(root.length + 1) : '';
  if (rest === '') return [];
  return rest.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/**
 * Where the cursor is, as a path: the object whose property names are being typed. Returns the path
 * of the enclosing object and the names it already has, or null when the cursor is not where a
 * property name goes.
 */
export function objectAtCursor(
  tree: Tree,
  text: string,
  pos: number,
): { path: JsonPath; existing: string[] } | null {
  let node: SyntaxNode | null = tree.resolveInner(pos, -1);
  // Typing a name: inside a PropertyName (or an unfinished string / error inside an Object).
  if (node.name === 'PropertyName' || node.name === 'String' || node.type.isError) node = node.parent;
  if (node?.name === 'Property') {
    // Only while on the name itself, not its value.
    const name = node.firstChild;
    if (!name || pos > name.to) return null;
    node = node.parent;
  }
  if (node?.name !== 'Object') return null;
  const object = node;
  const existing = object
    .getChildren('Property')
    .flatMap((p) => (p.firstChild?.name === 'PropertyName' ? [unquote(p.firstChild, text)] : []));
  const path: JsonPath = [];
  for (
    let child: SyntaxNode = object, parent = object.parent;
    parent;
    child = parent, parent = parent.parent
  ) {
    if (parent.name === 'Property' && parent.firstChild?.name === 'PropertyName') {
      path.unshift(unquote(parent.firstChild, text));
    } else if (parent.name === 'Array') {
      let index = 0;
      for (
        let sibling = parent.firstChild;
        sibling && sibling.from < child.from;
        sibling = sibling.nextSibling
      ) {
        if (!['[', ']', ','].includes(sibling.name) && !sibling.type.isError) index++;
      }
      path.unshift(index);
    }
  }
  return { path, existing };
}

export { parser as jsonParser };
