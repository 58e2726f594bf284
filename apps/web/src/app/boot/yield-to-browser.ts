/** Resolves in a new task: awaited at the top level of a module, it ends the task that evaluates the app's script. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
