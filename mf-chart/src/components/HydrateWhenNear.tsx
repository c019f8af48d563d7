import { Suspense, use, type ReactNode } from 'react';
import { useWhenNear } from '@satta/shared/ui';

function Wait({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/**
 * A part below the first screen that the browser hydrates only when it scrolls into view
 * (useWhenNear): until then the server's HTML stays as it is, and a slow phone spends nothing on
 * it (no render, no listeners) while it starts the chart in view. `name` marks its box, so that
 * the first render in the browser can tell whether the server's HTML is there to keep; without
 * it (a page the browser renders itself) the children render at once.
 *
 * Should React have to render the part afresh before it is in view (new children, or a part that
 * does not match), the fallback is the same children: the live part, at once. So give it
 * children that change only when they must (a memo component around it).
 */
export function HydrateWhenNear({ name, children }: { name: string; children: ReactNode }) {
  // It stays on the page when the address changes (a chart opened or closed above it): a
  // navigation opens it first, or React would hold the navigation until it is scrolled to.
  const { ref, opened } = useWhenNear<HTMLDivElement>(
    () => typeof document !== 'undefined' && document.querySelector(`[data-hydrate-near="${name}"]`) !== null,
    { openBeforeNavigation: true },
  );
  return (
    <div ref={ref} data-hydrate-near={name}>
      <Suspense fallback={children}>
        {opened && <Wait until={opened} />}
        {children}
      </Suspense>
    </div>
  );
}
