/**
 * Resolves in a new task: awaited at the top level of a module, it ends the task that evaluates the app's script.
 * A part of that script (runtime.ts) names here what it evaluates: an import used only as an argument is still one
 * the bundle keeps, and evaluates in that part, where a bare `import 'package'` of a package marked free of side
 * effects (zod, MUI, TanStack Query, @tessera/domain) would be dropped and evaluated wherever it is first used.
 */
export function yieldToBrowser(..._evaluated: unknown[]): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
