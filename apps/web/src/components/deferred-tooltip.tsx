import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactElement, type SyntheticEvent } from 'react';

/**
 * MUI's Tooltip brings Popper and its positioning engine (~14 KB gzip), and a tooltip shows only on a hover or a focus:
 * the top bar and the Raise navigation, on every signed-in page's first load, would carry it for nothing. It loads
 * once the browser is idle after the first render; until then the child gets the name or description the Tooltip
 * would give it, so the page reads the same to assistive technology.
 */
let Tooltip: ComponentType<TooltipProps> | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads MUI's Tooltip for every DeferredTooltip (the component tests load it first: src/test/setup.ts). */
export function loadTooltip(): Promise<void> {
  loading ??= import('@mui/material/Tooltip').then(
    (module) => {
      Tooltip = module.default;
      for (const listener of listeners) listener();
    },
    () => {
      // A failed chunk load (a dropped connection, a new deploy): tried again by the next tooltip that mounts.
      loading = null;
    },
  );
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const tooltipLoaded = () => Tooltip !== null;

/** MUI's Tooltip, rendered only once it has loaded (it never changes after). */
function LoadedTooltip(props: TooltipProps) {
  const Loaded = Tooltip as ComponentType<TooltipProps>;
  return <Loaded {...props} />;
}

type Handler = ((event: SyntheticEvent) => void) | undefined;
const both = (own: Handler, then: () => void) => (event: SyntheticEvent) => {
  own?.(event);
  then();
};

/**
 * A Tooltip whose code loads after the first render. The child is then swapped for the Tooltip's, a new element with
 * the same attributes and size, and only while it is neither hovered nor focused, so the swap never takes a user's
 * focus or pointer away (a hover before it shows no tooltip).
 */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  const loaded = useSyncExternalStore(subscribe, tooltipLoaded);
  const [engaged, setEngaged] = useState(false);
  const [swapped, setSwapped] = useState(false);
  useEffect(() => {
    if (Tooltip) return;
    const load = () => void loadTooltip();
    if (typeof requestIdleCallback !== 'function') return void setTimeout(load, 0);
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);
  if (loaded && !engaged && !swapped) setSwapped(true);
  if (loaded && swapped) return <LoadedTooltip {...props}>{children}</LoadedTooltip>;

  const child = children as ReactElement<Record<string, unknown>>;
  return cloneElement(child, {
    ...closedTooltipProps(props, child.props),
    onMouseOver: both(child.props.onMouseOver as Handler, () => setEngaged(true)),
    onMouseLeave: both(child.props.onMouseLeave as Handler, () => setEngaged(false)),
    onFocus: both(child.props.onFocus as Handler, () => setEngaged(true)),
    onBlur: both(child.props.onBlur as Handler, () => setEngaged(false)),
  });
}

/** What MUI's Tooltip gives the child of a closed tooltip: its name, or with describeChild a title; the child's own win. */
export function closedTooltipProps(
  { title, describeChild }: Pick<TooltipProps, 'title' | 'describeChild'>,
  own: Record<string, unknown>,
): Record<string, unknown> {
  const text = typeof title === 'string' ? title : undefined;
  return describeChild ? { title: own.title ?? text } : { 'aria-label': own['aria-label'] ?? text };
}
