import { StreamLanguage, type StreamParser } from '@codemirror/language';

// Open Policy Agent's Rego, enough to read a policy: keywords, strings (raw ones in backquotes),
// comments, numbers and operators. A tokenizer, not a parser: it never reports syntax errors.
const KEYWORDS = new Set([
  'package',
  'import',
  'default',
  'not',
  'some',
  'every',
  'in',
  'if',
  'contains',
  'else',
  'with',
  'as',
]);
const ATOMS = new Set(['true', 'false', 'null']);

type RegoState = { inRawString: boolean };

export const regoParser: StreamParser<RegoState> = {
  name: 'rego',
  startState: () => ({ inRawString: false }),
  token(stream, state) {
    if (state.inRawString) {
      // A raw string may span lines: it ends at the next backquote.
      if (stream.skipTo('`')) {
        stream.next();
        state.inRawString = false;
      } else {
        stream.skipToEnd();
      }
      return 'string';
    }
    if (stream.eatSpace()) return null;
    if (stream.match('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('`')) {
      state.inRawString = true;
      return regoParser.token(stream, state);
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return 'string';
    if (stream.match(/^-?\d+(\.\d+)?([eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^(:=|==|!=|<=|>=|[=<>+\-*/%|&])/)) return 'operator';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) {
      const word = stream.current();
      if (KEYWORDS.has(word)) return 'keyword';
      if (ATOMS.has(word)) return 'atom';
      return 'variableName';
    }
    if (stream.match(/^[[\]{}(),.;:]/)) return 'punctuation';
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: '#' } },
};

export const rego = StreamLanguage.define(regoParser);
