import { describe, expect, it } from 'vitest';
import { curlExample, mediaExample, schemaExample } from './openapi-example.ts';
import { DOC } from './openapi.test-helpers.ts';
import {
  apiBase,
  findEndpoint,
  groupEndpoints,
  parametersOf,
  requestBodiesOf,
  responsesOf,
  schemaFields,
  securityOf,
  typeLabel,
  type Endpoint,
  type OpenApiResponse,
} from './openapi.ts';

const endpoint = (operationId: string): Endpoint =>
  groupEndpoints(DOC)
    .flatMap((g) => g.endpoints)
    .find((e) => e.id === operationId)!;

describe('groupEndpoints', () => {
  it('groups by tag in the document order, names endpoints by operationId, and still finds them by the old path slug', () => {
    const groups = groupEndpoints(DOC);
    expect(groups.map((g) => [g.id, g.name])).toEqual([
      ['offers', 'Offers'],
      ['document', 'Document'],
      ['auth', 'Auth'],
      ['other', 'Other'],
    ]);
    expect(groups[0]!.endpoints.map((e) => e.id)).toEqual(['listOffers', 'createOffer']);
    expect(findEndpoint(groups, 'offers', 'get-tenant-t-offers')?.endpoint.id).toBe('listOffers');
    expect(findEndpoint(groups, 'other', 'get-health')?.endpoint.path).toBe('/health');
    expect(findEndpoint(groups, 'offers', 'nope')).toBeNull();
  });
});

describe('schemas', () => {
  it('resolves $ref in arrays and nullable anyOf, names components, and does not open a recursive schema again', () => {
    const list = responsesOf(DOC, endpoint('listOffers').operation)[0]!;
    const [data, meta] = schemaFields(DOC, list.media!.schema);
    expect(data).toMatchObject({ name: 'data', type: 'array of Offer', required: true });
    expect(meta).toMatchObject({ name: 'meta', type: 'PageMeta' });
    expect(meta!.children.map((f) => f.limits)).toEqual([['≥ 1'], ['≥ 1', '≤ 100'], []]);
    const offer = Object.fromEntries(data!.children.map((f) => [f.name, f]));
    expect(offer.name).toMatchObject({ required: true, description: 'What investors see', limits: ['max length 120'] });
    expect(offer.status!.enumValues).toEqual(['draft', 'published']);
    expect(offer.minimum).toMatchObject({ type: 'Money | null', required: false });
    expect(offer.minimum!.children.map((f) => f.name)).toEqual(['amount', 'currency']);
    expect(offer.closesAt!.type).toBe('string (date-time) | null');
    expect(offer.tags).toMatchObject({ type: 'array of string', enumValues: ['real-estate', 'credit'], limits: ['at most 5 items'] });
    expect(offer.related).toMatchObject({ type: 'array of Offer', recursive: true, children: [] });
  });

  it('merges allOf parts and stops at a schema that contains itself', () => {
    const created = responsesOf(DOC, endpoint('createDocument').operation)[0]!;
    const [data] = schemaFields(DOC, created.media!.schema);
    const comments = data!.children.find((f) => f.name === 'comments')!;
    expect(comments.type).toBe('array of Comment');
    expect(comments.children.map((f) => [f.name, f.required])).toEqual([
      ['author', true],
      ['text', true],
      ['replies', false],
    ]);
    expect(comments.children[2]).toMatchObject({ recursive: true, children: [] });
  });

  it('labels unions, files and maps', () => {
    expect(typeLabel(DOC, { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] })).toBe('string | null');
    expect(typeLabel(DOC, { oneOf: [{ type: 'string' }, { type: 'number' }] })).toBe('string | number');
    expect(typeLabel(DOC, { type: 'string', format: 'binary' })).toBe('file');
    expect(typeLabel(DOC, { type: 'object', additionalProperties: { type: 'integer' } })).toBe('map of integer');
    expect(typeLabel(DOC, { $ref: '#/components/schemas/Missing' })).toBe('Missing');
  });
});

describe('operations', () => {
  it('reads parameters (through $ref), request bodies per content type with file fields marked, and security', () => {
    expect(parametersOf(DOC, endpoint('deleteDocument').operation)).toEqual([
      expect.objectContaining({ name: 'id', description: "The document's id" }),
    ]);
    const [form] = requestBodiesOf(DOC, endpoint('createDocument').operation);
    expect(form).toMatchObject({ mediaType: 'multipart/form-data', required: true });
    expect(schemaFields(DOC, form!.media.schema).map((f) => [f.name, f.type, f.file])).toEqual([
      ['name', 'string', false],
      ['kind', 'string', false],
      ['file', 'file', true],
    ]);
    expect(requestBodiesOf(DOC, endpoint('createOffer').operation)[0]!.title).toBe('OfferCreate');
    expect(securityOf(DOC, endpoint('listOffers').operation).map((s) => [s.label, s.how])).toEqual([
      ['Session token', 'Authorization: Bearer <token>'],
      ['API key', 'X-API-Key header'],
    ]);
    expect(securityOf(DOC, endpoint('createDocument').operation).map((s) => s.name)).toEqual(['bearer']);
    expect(securityOf(DOC, endpoint('signIn').operation)).toEqual([]);
  });

  it('lists every response with its media types and headers', () => {
    const list = responsesOf(DOC, endpoint('listOffers').operation);
    expect(list.map((r) => [r.status, r.error])).toEqual([
      ['200', false],
      ['400', true],
      ['401', true],
      ['404', true],
      ['429', true],
    ]);
    expect(list[4]!.headers).toEqual([{ name: 'Retry-After', description: 'Seconds to wait', type: 'integer' }]);
    expect(responsesOf(DOC, endpoint('createOffer').operation)[0]!.headers.map((h) => h.name)).toEqual(['Location']);
    expect(responsesOf(DOC, endpoint('downloadDocument').operation)[0]!.mediaTypes).toEqual(['application/pdf', 'text/plain']);
    expect(responsesOf(DOC, endpoint('deleteDocument').operation)[0]).toMatchObject({
      status: '204',
      mediaTypes: [],
      description: 'Done: no content',
    });
    const legacy: OpenApiResponse = { description: 'Default Response' };
    expect(responsesOf(DOC, { responses: { 200: legacy } })[0]!.description).toBeNull();
    expect(responsesOf(DOC, { responses: { default: { description: 'Any other failure' } } })[0]!.error).toBe(true);
  });
});

describe('examples', () => {
  it("takes the document's examples, through $ref and into arrays", () => {
    const list = responsesOf(DOC, endpoint('listOffers').operation)[0]!;
    const example = mediaExample(DOC, list.media)!;
    expect(example.documented).toBe(true);
    expect(example.value).toEqual({
      data: [expect.objectContaining({ _id: '6745a1c2e4b0a1b2c3d4e5f6', name: 'Harbor Lofts' })],
      meta: { page: 1, limit: 1, total: 1 },
    });
    expect(mediaExample(DOC, responsesOf(DOC, endpoint('listOffers').operation)[2]!.media)!.value).toMatchObject({
      error: { type: 'unauthenticated', status: 401 },
    });
  });

  it('builds one from the schema when the document has none, recursion included', () => {
    const session = responsesOf(DOC, endpoint('signIn').operation)[0]!;
    expect(mediaExample(DOC, session.media)).toEqual({
      value: { data: { token: 'string', expiresAt: '2026-01-15T09:30:00.000Z' } },
      documented: false,
    });
    const comment = schemaExample(DOC, { $ref: '#/components/schemas/Comment' }).value;
    expect(comment).toEqual({ author: '6745a1c2e4b0a1b2c3d4e5f6', text: 'string', replies: [] });
  });
});

describe('curlExample', () => {
  const base = apiBase(DOC, 'https://acme.example.com');

  it('calls the tenant of the address with its API key where the operation takes one', () => {
    expect(base).toBe('https://acme.example.com/api/v1');
    expect(curlExample(DOC, endpoint('listOffers'), { base, pathValues: { t: 'acme' }, apiKey: 'tsk_live_abc…' })).toBe(
      "curl -X GET 'https://acme.example.com/api/v1/tenant/acme/offers' \\\n  -H 'X-API-Key: tsk_live_abc…'",
    );
  });

  it('sends a session token and the JSON example elsewhere, and nothing on a public operation', () => {
    expect(curlExample(DOC, endpoint('createOffer'), { base, pathValues: { t: 'acme' } })).toBe(
      [
        "curl -X POST 'https://acme.example.com/api/v1/tenant/acme/offers'",
        '  -H "Authorization: Bearer $TOKEN"',
        "  -H 'Content-Type: application/json'",
        `  -d '{\n  "name": "Harbor Lofts"\n}'`,
      ].join(' \\\n'),
    );
    expect(curlExample(DOC, endpoint('signIn'), { base })).toBe(
      [
        "curl -X POST 'https://acme.example.com/api/v1/auth/signin'",
        "  -H 'Content-Type: application/json'",
        `  -d '{\n  "email": "ada@example.com",\n  "password": "correct-horse-battery-staple"\n}'`,
      ].join(' \\\n'),
    );
  });

  it('uploads the form parts and saves a binary answer, leaving unknown path parameters in braces', () => {
    expect(curlExample(DOC, endpoint('createDocument'), { base })).toBe(
      [
        "curl -X POST 'https://acme.example.com/api/v1/document'",
        '  -H "Authorization: Bearer $TOKEN"',
        "  -F 'name=string'",
        "  -F 'file=@path/to/file'",
      ].join(' \\\n'),
    );
    expect(curlExample(DOC, endpoint('downloadDocument'), { base })).toBe(
      [
        "curl -X GET 'https://acme.example.com/api/v1/document/{id}/download'",
        '  -H "Authorization: Bearer $TOKEN"',
        '  -o ./download',
      ].join(' \\\n'),
    );
  });
});
