import { describe, expect, it } from 'vitest';
import {
  jsonParser,
  jsonSyntaxProblem,
  lineAt,
  nodeAtPath,
  objectAtCursor,
  pathFromIssue,
} from '@/components/code-editor/json-document';
import { schemaPropertiesAt } from '@/components/code-editor/schema-properties';

describe('jsonSyntaxProblem', () => {
  it('accepts valid JSON and, unless told otherwise, empty text', () => {
    expect(jsonSyntaxProblem('{"a": [1, 2]}')).toBeNull();
    expect(jsonSyntaxProblem('  ')).toBeNull();
    expect(jsonSyntaxProblem('', { allowEmpty: false })?.message).toBe('Line 1: Enter a JSON value');
  });

  it('names the line of the error and drops the parser jargon', () => {
    const problem = jsonSyntaxProblem('{\n  "a": 1,\n  "b" 2\n}');
    expect(problem?.message).toMatch(/^Line 3: /);
    expect(problem?.message).not.toMatch(/position|is not valid JSON/);
    expect(lineAt('{\n  "a": 1,\n  "b" 2\n}', problem!.from)).toBe(3);
  });

  it('says when the text stops too early', () => {
    expect(jsonSyntaxProblem('{\n  "a": ')?.message).toBe(
      'Line 2: The JSON ends too early: a closing bracket, brace or quote is missing',
    );
  });
});

describe('paths in the document', () => {
  const text = '{"servers": [{"url": "a"}, {"url": "b"}], "mode": "fast"}';
  const tree = jsonParser.parse(text);

  it('finds the value a server issue path names', () => {
    const node = nodeAtPath(tree, text, pathFromIssue('configuration.servers.1.url', 'configuration'));
    expect(text.slice(node!.from, node!.to)).toBe('"b"');
    expect(pathFromIssue('configuration', 'configuration')).toEqual([]);
    const missing = nodeAtPath(tree, text, ['nope']);
    expect(text.slice(missing!.from, missing!.to)).toBe(text);
  });

  it('knows which object the cursor is naming a property of', () => {
    const editing = '{"servers": [{"url": "a", "}]}';
    const at = objectAtCursor(jsonParser.parse(editing), editing, editing.indexOf(', "') + 3);
    expect(at).toEqual({ path: ['servers', 0], existing: ['url'] });
    // On a value, no property name is expected.
    expect(objectAtCursor(tree, text, text.indexOf('"fast"') + 2)).toBeNull();
  });
});

describe('schemaPropertiesAt', () => {
  const schema = {
    type: 'object',
    required: ['bucket'],
    properties: {
      bucket: { type: 'string', description: 'Where files go' },
      servers: { type: 'array', items: { $ref: '#/definitions/server' } },
      mode: { enum: ['fast', 'safe'] },
    },
    definitions: { server: { properties: { url: { type: 'string', format: 'uri' } } } },
  };

  it('lists the top-level fields with type, requiredness and description', () => {
    expect(schemaPropertiesAt(schema, [])).toEqual([
      { name: 'bucket', type: 'string', description: 'Where files go', required: true },
      { name: 'servers', type: 'array', description: undefined, required: false },
      { name: 'mode', type: '"fast" | "safe"', description: undefined, required: false },
    ]);
  });

  it('follows lists and local references', () => {
    expect(schemaPropertiesAt(schema, ['servers', 0]).map((p) => p.name)).toEqual(['url']);
    expect(schemaPropertiesAt(schema, ['nothing'])).toEqual([]);
  });
});

describe('schemaCompletion', () => {
  it('offers the schema fields not yet present, matched after the opening quote', async () => {
    const { CompletionContext } = await import('@codemirror/autocomplete');
    const { EditorState } = await import('@codemirror/state');
    const { schemaCompletion } = await import('@/components/code-editor/editor-setup');
    const source = schemaCompletion(JSON.stringify({ properties: { bucket: {}, retries: {}, mode: {} } }));
    const doc = '{"retries": 3, "bu"}';
    const result = source(new CompletionContext(EditorState.create({ doc }), doc.indexOf('bu') + 2, false));
    expect(result?.from).toBe(doc.indexOf('bu'));
    expect(result?.options.map((option) => option.label)).toEqual(['bucket', 'mode']);
    // On a value, nothing is offered.
    const onValue = source(new CompletionContext(EditorState.create({ doc }), doc.indexOf('3') + 1, true));
    expect(onValue).toBeNull();
  });
});
