import { Suspense, use, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenNear } from '@satta/shared/ui';

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function Wait({ until }: { until: Promise<void> }) {
  use(until);
  return null;
}

/**
 * A part below the first screen that the browser hydrates only when the visitor comes near it
 * (whenNear): until then the server's HTML stays as it is, and a slow phone spends nothing on
 * it (no render, no listeners) while it starts the chart in view. `name` marks its box, so that
 * the first render in the browser can tell whether the server's HTML is there to keep; without
 * it (a page the browser renders itself) the children render at once.
 *
 * Should React have to render the part afresh before it is near (new children, or a part that
 * does not match), the fallback is the same children: the live part, at once. So give it
 * children that change only when they must (a memo component around it).
 */
export function HydrateWhenNear({ name, children }: { name: string; children: ReactNode }) {
  const [near] = useState(() =>
    typeof document !== 'undefined' && document.querySelector(`[data-hydrate-near="${name}"]`) ? gate() : null,
  );
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!near) return undefined;
    if (!box.current) return near.open();
    return whenNear(box.current, near.open);
  }, [near]);
  return (
    <div ref={box} data-hydrate-near={name}>
      <Suspense fallback={children}>
        {near && <Wait until={near.opened} />}
        {children}
      </Suspense>
    </div>
  );
}
