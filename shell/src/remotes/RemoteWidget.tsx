import { Suspense, lazy, memo, useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { Button, color, offscreenUntilNear, useWhenNear } from '@satta/shared/ui';
import { WidgetBoundary } from './WidgetBoundary.tsx';
import { takeServerHtml } from './serverHtml.ts';
import { useServerWidget } from './serverWidgets.ts';
import { loadExposed, onRemoteRetry, remoteAttempt, retryRemote, type ExposedName, type RemoteName } from './registry.ts';
import { WIDGET_FAILED_EN, WIDGET_FAILED_HI, WIDGET_LOADING, WIDGET_RETRY } from '../strings.ts';

const Slot = styled.div<{ $offscreen?: string | undefined }>`
  min-width: 0;
  ${(p) => (p.$offscreen ? offscreenUntilNear(p.$offscreen) : '')}
`;

const Placeholder = styled.div`
  box-sizing: border-box;
  min-height: 4rem;
  margin: 0 auto 1rem;
  padding: 0.75rem;
  border-radius: 8px;
  background: ${color('--color-surface')};
  color: ${color('--color-muted')};
  text-align: center;
`;

const Failed = styled(Placeholder)`
  border: 2px dashed ${color('--color-error-text')};
  background: ${color('--color-error-bg')};
  color: ${color('--color-error-text')};

  p {
    margin: 0 0 0.5rem;
  }
`;

/** The wrappers add no box of their own. */
const CONTENTS = { display: 'contents' } as const;

/**
 * The server's HTML of a widget, kept as it was: `display: contents` adds no box of its own.
 * `data-ssr` tells it apart from the widget itself (which is live), e.g. for tests.
 */
function ServerHtml({ html }: { html: string }) {
  return <div data-ssr="" style={CONTENTS} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Loading({ remote }: { remote: RemoteName }) {
  return (
    <Placeholder aria-busy="true" data-testid={`loading-${remote}`}>
      {WIDGET_LOADING}
    </Placeholder>
  );
}

export interface RemoteWidgetProps<R extends RemoteName> {
  remote: R;
  exposed: ExposedName<R>;
  /**
   * For a widget that usually starts below the first screen: its usual height on a phone (a CSS
   * length). The browser then skips its layout until it comes near (offscreenUntilNear), and on
   * a server-rendered page its code loads, and it goes live, only once it scrolls into view
   * (useWhenNear).
   */
  offscreen?: string;
}

/** Runs `onMount` once it is committed: placed after a widget, it tells that the widget is live. */
function OnMount({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * One widget of one remote, in its own Suspense and error boundary. A failure shows a small
 * bilingual notice with a retry; a retry (from any widget of the same remote) re-registers that
 * remote with a fresh URL and builds a new lazy() for each of its widgets, without a reload.
 *
 * On a server-rendered page the browser hydrates: the server's HTML of the widget stays, as the
 * Suspense boundary's dehydrated content, until the remote's code arrives and React adopts it. So
 * the browser's tree has the server's shape: the slot, the `data-ssr` wrapper, the boundary.
 * `data-ssr` marks the server's HTML until the widget is live (for tests, and for styles).
 * Memoised: a boundary that receives new props before its code has arrived cannot hydrate, and
 * React would replace the server's HTML with the fallback; the props are plain strings.
 */
function RemoteWidgetSlot<R extends RemoteName>({ remote, exposed, offscreen }: RemoteWidgetProps<R>) {
  const label = `${remote}/${exposed}`;
  const ServerWidget = useServerWidget(remote, exposed);
  // The server HTML this widget had when the page was server-rendered (see serverHtml.ts).
  const [serverHtml] = useState(() => (ServerWidget ? undefined : takeServerHtml(label)));
  const [fromServer, setFromServer] = useState(() => serverHtml !== undefined);
  const live = useCallback(() => setFromServer(false), []);
  const attempt = useSyncExternalStore(
    onRemoteRetry,
    () => remoteAttempt(remote),
    () => 0,
  );
  // The server's HTML of a widget below the first screen stays until it scrolls into view.
  const near = useWhenNear<HTMLDivElement>(() => offscreen !== undefined && serverHtml !== undefined);
  const Widget = useMemo(
    () =>
      lazy(async () => {
        await near.opened;
        return loadExposed(remote, exposed);
      }),
    // `attempt` is a dependency on purpose: each retry must get a lazy() that has not failed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [remote, exposed, attempt],
  );
  if (ServerWidget) {
    // On the server a widget that throws (e.g. it needs the browser) renders as its loading
    // placeholder inside this boundary, and the browser renders it; the rest of the page stands.
    return (
      <Slot data-widget={label} $offscreen={offscreen}>
        <div data-ssr="" style={CONTENTS}>
          <Suspense fallback={<Loading remote={remote} />}>
            <ServerWidget />
          </Suspense>
        </div>
      </Slot>
    );
  }
  return (
    <Slot ref={near.ref} data-widget={label} $offscreen={offscreen}>
      <div data-ssr={fromServer ? '' : undefined} style={CONTENTS}>
        <WidgetBoundary
          key={attempt}
          label={label}
          onRetry={() => retryRemote(remote)}
          fallback={(retry) => (
            <>
              {/* The server's content stays readable above the notice while the remote is down. */}
              {serverHtml !== undefined && <ServerHtml html={serverHtml} />}
              <Failed role="alert" data-testid={`fallback-${remote}`}>
                <p lang="hi">{WIDGET_FAILED_HI}</p>
                <p lang="en">{WIDGET_FAILED_EN}</p>
                <Button type="button" onClick={retry}>
                  {WIDGET_RETRY}
                </Button>
              </Failed>
            </>
          )}
        >
          {/* The server's HTML as the fallback too: should React render the page afresh instead of
              hydrating it (a part that did not match), the content still stays on screen. */}
          <Suspense fallback={serverHtml !== undefined ? <ServerHtml html={serverHtml} /> : <Loading remote={remote} />}>
            <Widget />
            <OnMount onMount={live} />
          </Suspense>
        </WidgetBoundary>
      </div>
    </Slot>
  );
}

export const RemoteWidget = memo(RemoteWidgetSlot) as typeof RemoteWidgetSlot;
