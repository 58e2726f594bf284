import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second across all connections; unset means as fast as the server answers. */
  overallRate?: number;
  /** autocannon's request sequence (a body made per request with setupRequest, the answer read with onResponse). */
  requests?: autocannon.Request[];
}

export interface LoadResult {
  connections: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

/** Nearest-rank percentile of ascending samples. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * autocannon stops at the first sample after the duration, and samples once a second by default: a 0.5 s run lasted
 * 1 s, a 1.5 s one 2 s. A run of a fraction of a second samples every 100 ms instead (its requests per second scaled
 * back); whole seconds keep autocannon's default, so their numbers mean what they always did.
 */
const sampleIntervalMs = (seconds: number) => (Number.isInteger(seconds) ? 1000 : 100);

/**
 * One autocannon run. Latencies are collected from the response events rather than taken from autocannon's
 * summary, which has p97.5 but no p95; every percentile then comes from the same samples.
 */
export function load(options: LoadOptions): Promise<LoadResult> {
  const sampleInt = sampleIntervalMs(options.durationSeconds);
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        sampleInt,
        method: options.method ?? 'GET',
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.body ? { body: options.body } : {}),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
        ...(options.requests ? { requests: options.requests } : {}),
      },
      (error, result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          connections: options.connections,
          requests: latencies.length,
          requestsPerSecond: (result.requests.average * 1000) / sampleInt,
          p50Ms: percentile(sorted, 50),
          p95Ms: percentile(sorted, 95),
          p99Ms: percentile(sorted, 99),
          maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
          non2xx: result.non2xx,
          errors: result.errors,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}
