import { describe, expect, it } from 'vitest';
import { DOC } from './openapi.test-helpers.ts';
import { curlExample, endpointId, groupEndpoints, groupResponses, schemaFields, typeLabel } from './openapi.ts';

describe('openapi', () => {
  it('groups endpoints by tag with slug ids, dropping empty tags', () => {
    const groups = groupEndpoints(DOC);
    expect(groups.map((g) => [g.id, g.name])).toEqual([
      ['api-keys', 'API keys'],
      ['other', 'Other'],
    ]);
    expect(groups[0]!.endpoints[0]).toMatchObject({ id: 'post-tenant-id-api-key-pvt', method: 'post', path: '/tenant/{id}/api-key/pvt' });
    expect(endpointId('get', '/tenant/{id}/api-keys')).toBe('get-tenant-id-api-keys');
  });

  it('reads nested fields with types, required flags, enums, limits and references', () => {
    const response = DOC.paths['/tenant/{id}/api-key/pvt']!.post!.responses![200]!.content!['application/json']!.schema!;
    const [data] = schemaFields(DOC, response);
    expect(data).toMatchObject({ name: 'data', type: 'ApiKeyCreated', required: true, description: null });
    const byName = Object.fromEntries(data!.children.map((f) => [f.name, f]));
    expect(byName.kind).toMatchObject({ type: 'string', required: true, enumValues: ['private', 'public'] });
    expect(byName.key!.description).toBe('The whole key; shown once, never stored');
    expect(byName.lastUsedAt).toMatchObject({ type: 'string | null', required: false });
    expect(byName.contact!.children).toEqual([expect.objectContaining({ name: 'phone', required: true, limits: ['max length 20'] })]);
    expect(byName.tags).toMatchObject({ type: 'array of string', enumValues: ['a', 'b'], limits: ['at most 5 items'] });
    expect(typeLabel(DOC, { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] })).toBe('string | null');
  });

  it('writes a curl example with the host, the key and the required body fields', () => {
    const endpoint = groupEndpoints(DOC)[0]!.endpoints[0]!;
    expect(curlExample('https://demo.example.com', endpoint, 'tsk_live_…', DOC)).toBe(
      "curl -X POST 'https://demo.example.com/api/v1/tenant/{id}/api-key/pvt' \\\n  -H 'Authorization: Bearer tsk_live_…' \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"label\":\"…\"}'",
    );
  });
});

describe('groupResponses', () => {
  it('shows responses sharing a schema once', () => {
    const error = {
      content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } } } } },
      description: 'Error',
    };
    const groups = groupResponses({ responses: { 200: { description: 'Default Response' }, 400: error, 401: error, 404: error } });
    expect(groups.map((g) => [g.statuses, g.description])).toEqual([
      [['200'], null],
      [['400', '401', '404'], 'Error'],
    ]);
  });
});
