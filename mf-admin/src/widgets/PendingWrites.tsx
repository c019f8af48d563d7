import { useEffect } from 'react';
import styled from 'styled-components';
import { useObservable } from '@satta/shared/data';
import { pad2, siteNow } from '@satta/shared/domain/siteTime';
import { Button, colors, onMobile, Panel } from '@satta/shared/ui';
import { CANCEL_WRITE, DISMISS_WRITE, PENDING_WRITES_TITLE, pendingSince } from '../domain/adminMessages.ts';
import { useAdminWrites } from '../hooks/adminData.ts';
import { isSettled, writeStatusText, type PendingWritesState } from '../hooks/pendingWrites.ts';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  align-items: center;
  justify-content: space-between;
  p {
    margin: 0;
    flex: 1 1 220px;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${colors.muted};
  }
`;

// A finger's width on a phone (the compact button is 40 px).
const RowButton = styled(Button)`
  ${onMobile} {
    min-height: 44px;
    min-width: 44px;
  }
`;

const Space = styled.div`
  margin-top: 12px;
`;

const NONE: PendingWritesState = { connected: false, writes: [] };

/** Asks before the page is left while a change has not reached the server (a reload loses held ones). */
function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * The dashboard's writes the server has not acknowledged within a few seconds: each says where
 * it stands (held for the connection, with Cancel; sent and waiting for the answer; confirmed,
 * refused or cancelled, with OK to take it off the list).
 */
export function PendingWrites() {
  const { data, writes } = useAdminWrites();
  const state = useObservable(writes.state$, NONE);
  const listed = state.writes.filter((w) => w.listed);
  useLeaveWarning(state.writes.some((w) => w.state === 'waiting' || w.state === 'sending'));
  if (listed.length === 0) return null;

  const at = (ms: number) => {
    const t = siteNow(new Date(ms), data.timezone);
    return `${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
  };

  return (
    <Space>
      <Panel title={PENDING_WRITES_TITLE}>
        <List aria-label={PENDING_WRITES_TITLE} aria-live="polite">
          {listed.map((write) => (
            <Item key={write.id}>
              <p>
                {writeStatusText(write, state.connected)}
                <small>{pendingSince(at(write.startedAt))}</small>
              </p>
              {write.state === 'waiting' && (
                <RowButton
                  $size="compact"
                  type="button"
                  $variant="secondary"
                  aria-label={`${CANCEL_WRITE} ${write.label}`}
                  onClick={() => writes.cancel(write.id)}
                >
                  {CANCEL_WRITE}
                </RowButton>
              )}
              {isSettled(write.state) && (
                <RowButton
                  $size="compact"
                  type="button"
                  $variant="secondary"
                  aria-label={`${DISMISS_WRITE}: ${write.label}`}
                  onClick={() => writes.dismiss(write.id)}
                >
                  {DISMISS_WRITE}
                </RowButton>
              )}
            </Item>
          ))}
        </List>
      </Panel>
    </Space>
  );
}
