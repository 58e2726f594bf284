import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * The contract check: every response any API test gets is held against the published OpenAPI document, as a client
 * generated from it would hold it: the status must be one the operation declares, the content type one it declares for
 * that status (none for 204), and a JSON body must validate against the declared schema (ajv, JSON Schema 2020-12).
 * buildTestApp installs it on every test app; test/contract-setup.ts fails a file whose responses broke the contract.
 * Each file also appends the operations it saw succeed to CONTRACT_COVERAGE_FILE, for run-suites.mjs's coverage check.
 */

type Json = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const violations: string[] = [];
const DOC_ID = 'https://tessera.invalid/openapi.json';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** The contract violations seen in this file so far (and forgets them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

function pointerPart(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `/api/v1/document/:id` as the document writes it: `/document/{id}`. */
export function documentedPath(routeUrl: string): string {
  return routeUrl.replace(/^\/api\/v1/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** How many bodies of one kind are validated in a worker before the rest are taken on trust (status and type still checked). */
const VALIDATIONS_PER_KIND = 20;

class Contract {
  /** Bodies of each kind (`GET /document/{id} 200`) that passed validation. */
  readonly passes = new Map<string, number>();
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();
  constructor(private readonly doc: Json) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...doc, $id: DOC_ID } as Json, DOC_ID);
  }

  operation(method: string, path: string): Operation | undefined {
    const item = (this.doc.paths as Record<string, Record<string, Operation>> | undefined)?.[path];
    return item?.[method.toLowerCase()];
  }

  /** Every documented operation, as `GET /document/{id}`. */
  operationKeys(): string[] {
    const paths = (this.doc.paths ?? {}) as Record<string, Record<string, unknown>>;
    return Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  }

  validator(method: string, path: string, status: string, mediaType: string): ValidateFunction {
    const pointer = `#/paths/${pointerPart(path)}/${method.toLowerCase()}/responses/${status}/content/${pointerPart(mediaType)}/schema`;
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOC_ID}${pointer}`);
      if (!validate) throw new Error(`No schema at ${pointer}`);
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

/** The problem with one response, or null when it keeps the contract. */
function check(contract: Contract, method: string, path: string, status: number, contentType: string, body: unknown): string | null {
  const op = contract.operation(method, path);
  if (!op) return null;
  const where = `${method} ${path} → ${status}`;
  const key = op.responses?.[String(status)] ? String(status) : 'default';
  const declared = op.responses?.[String(status)] ?? (status >= 400 ? op.responses?.default : undefined);
  if (!declared) return `${where}: status not declared (declared: ${Object.keys(op.responses ?? {}).join(', ')})`;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const content = declared.content ?? {};
  // Fastify sends no body with a 204 whatever the handler passed.
  if (status === 204) return Object.keys(content).length ? `${where}: 204 declares a body` : null;
  if (!Object.keys(content).length) {
    const empty = body === undefined || body === null || body === '' || (Buffer.isBuffer(body) && body.length === 0);
    return empty ? null : `${where}: a body was sent where none is declared (${mediaType})`;
  }
  if (!(mediaType in content)) return `${where}: content type ${mediaType || '(none)'} not declared (${Object.keys(content).join(', ')})`;
  if (mediaType !== 'application/json' || typeof body !== 'string') return null;
  // A body of each kind (operation, status, media type) is validated until it has passed VALIDATIONS_PER_KIND times in
  // this worker: the suite sends the fuzz's thousands of 400s, and validating every one cost a fifth of its time.
  const kind = `${method} ${path} ${key}`;
  const passed = contract.passes.get(kind) ?? 0;
  if (passed >= VALIDATIONS_PER_KIND) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${where}: the body is not JSON`;
  }
  const validate = contract.validator(method, path, key, mediaType);
  if (validate(parsed)) {
    contract.passes.set(kind, passed + 1);
    return null;
  }
  const errors = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
  return `${where}: body breaks its schema: ${errors} — ${body.slice(0, 300)}`;
}

/**
 * The contract of each kind of app this worker built: generating the document costs ~0.7 s per app, and every test
 * file builds its own. The document follows from the code (one per worker), the configuration and the routes.
 */
const contracts = new Map<string, Contract>();

function contractOf(app: FastifyInstance): Contract {
  const key = JSON.stringify({ config: app.config, routes: app.routeTable.map((r) => `${r.method} ${r.url}`) });
  let contract = contracts.get(key);
  if (!contract) {
    contract = new Contract(app.swagger() as unknown as Json);
    contracts.set(key, contract);
  }
  return contract;
}

/** Holds every /api/v1 response of `app` against its own published document (call before `ready`). */
export function installContractCheck(app: FastifyInstance): void {
  let contract: Contract | undefined;
  const coverageFile = process.env.CONTRACT_COVERAGE_FILE;
  const seen = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const routeUrl = request.routeOptions.url;
    if (!routeUrl?.startsWith('/api/v1/') || request.routeOptions.schema?.hide) return payload;
    if (request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (!contract) {
      contract = contractOf(app);
      if (coverageFile)
        appendFileSync(
          coverageFile,
          contract
            .operationKeys()
            .map((key) => `documented ${key}\n`)
            .join(''),
        );
    }
    const path = documentedPath(routeUrl);
    const contentType = String(reply.getHeader('content-type') ?? '');
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : payload === null ? '' : undefined;
    const problem = check(contract, request.method, path, reply.statusCode, contentType, body);
    if (problem) violations.push(problem);
    else if (coverageFile && reply.statusCode < 300) {
      const key = `${request.method} ${path}`;
      if (!seen.has(key) && contract.operation(request.method, path)) {
        seen.add(key);
        appendFileSync(coverageFile, `answered ${key}\n`);
      }
    }
    return payload;
  });
}
