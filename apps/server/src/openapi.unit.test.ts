import fs from 'node:fs';
import { allCalls } from '@starlit/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, embedSchema, OPENAPI_FILE, openApiText } from './openapi.ts';

type Operation = { tags: string[]; security?: unknown; 'x-access': string; requestBody?: unknown; responses: Record<string, unknown> };
const paths = buildOpenApiDocument().paths as Record<string, Record<string, Operation>>;

describe('OpenAPI document', () => {
  it('matches the committed docs/openapi.json', () => {
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    expect(committed === openApiText(), 'docs/openapi.json is out of date: run npm run openapi').toBe(true);
  });

  it('describes every contract call as a POST with its access rule', () => {
    for (const call of allCalls()) {
      const op = paths[call.path]?.post;
      expect(op, `${call.path} is missing`).toBeDefined();
      expect(op.tags).toEqual([call.tag]);
      expect(op['x-access']).toBe(call.access);
      expect(op.security).toEqual(call.access === 'public' ? undefined : [{ token: [] }]);
      expect(op.requestBody).toBeDefined();
      expect(op.responses['200']).toBeDefined();
    }
  });

  it('describes the endpoints that are not JSON calls', () => {
    expect(paths['/ai/api/v1/auth/authorize']?.get).toBeDefined();
    expect(paths['/ai/realtime']?.get).toBeDefined();
    expect(paths['/media/{path}']?.get).toBeDefined();
  });

  it('keeps every reference resolvable inside the document', () => {
    const text = openApiText();
    const schemas = (buildOpenApiDocument().components as { schemas: Record<string, unknown> }).schemas;
    for (const [, name] of text.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)) expect(schemas[name], name).toBeDefined();
    expect(text).not.toContain('#/$defs/');
  });
});

describe('embedSchema', () => {
  it('moves named definitions to components, apart for input and output', () => {
    const Author = z.object({ name: z.string(), badge: z.string().default('none') }).meta({ id: 'TestAuthor' });
    const components: Record<string, unknown> = {};
    const output = embedSchema(z.object({ author: Author, editor: Author }), 'output', components);
    const input = embedSchema(z.object({ author: Author }), 'input', components);
    expect(JSON.stringify(output)).toContain('"#/components/schemas/TestAuthor"');
    expect(JSON.stringify(input)).toContain('"#/components/schemas/TestAuthorInput"');
    expect(Object.keys(components).sort()).toEqual(['TestAuthor', 'TestAuthorInput']);
    expect(output).not.toHaveProperty('$defs');
    expect(output).not.toHaveProperty('$schema');
  });

  it('refuses two different schemas with one id', () => {
    const components: Record<string, unknown> = {};
    embedSchema(z.object({ a: z.string() }).meta({ id: 'TestClash' }), 'output', components);
    expect(() => embedSchema(z.object({ x: z.object({ b: z.number() }).meta({ id: 'TestClash' }) }), 'output', components)).toThrow(/TestClash/);
  });
});
