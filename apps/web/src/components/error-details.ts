/** Name and message of any thrown value, without ever throwing itself. */
export function describeError(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (typeof error === 'string') return { name: 'Error', message: error };
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' && name ? name : 'Error',
      message: typeof message === 'string' ? message : safeStringify(error),
    };
  }
  return { name: 'Error', message: error === undefined ? 'Unknown error' : String(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return 'Unknown error';
  }
}
