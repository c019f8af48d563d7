import { useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useLive, type AuditEntry } from '@satta/shared/data';
import { LOADING } from '@satta/shared/domain/messages';
import { Button, colors, Panel } from '@satta/shared/ui';
import { AUDIT_EMPTY, AUDIT_LOAD_ERROR, AUDIT_TITLE, SHOW_DATA, SHOW_MORE } from '../domain/adminMessages.ts';
import { describeAudit, formatAuditValue } from '../domain/auditFormat.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useSiteNow } from '../hooks/useSiteNow.ts';

const PAGE = 25;

// Sentences that wrap: nothing here is wider than a 360 px screen.
const List = styled.ol`
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  li {
    padding: 8px 0;
    border-bottom: 1px solid ${colors.line};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
  details {
    margin-top: 4px;
    color: ${colors.muted};
  }
  summary {
    display: flex;
    align-items: center;
    width: fit-content;
    min-height: 32px;
    cursor: pointer;
  }
  summary::before {
    content: '▸';
    margin-right: 6px;
  }
  details[open] > summary::before {
    content: '▾';
  }
  dl {
    margin: 4px 0 0;
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 2px 8px;
  }
  dd {
    margin: 0;
    font-family: ui-monospace, monospace;
    white-space: pre-wrap;
  }
`;

/**
 * Who changed what and when, newest first, as sentences ('Gali 26-11: 97 → 42, by
 * admin@example.com, 02:14 AM IST'); the stored record (path, old and new value) is one tap
 * away under 'Show data'.
 */
export function AuditTrail() {
  const data = useAdminData();
  const [shown, setShown] = useState(PAGE);
  // One more than is shown, to know whether there are older ones: the trail is read a page at a
  // time, never whole. The page shown stays while the next one loads.
  const audit$ = useMemo(() => data.audit$(shown + 1), [data, shown]);
  const { data: loaded, error } = useLive(audit$);
  const last = useRef<AuditEntry[] | undefined>(undefined);
  if (loaded) last.current = loaded;
  const entries = loaded ?? last.current;
  const today = useSiteNow(data.timezone).dateKey;

  return (
    <Panel title={AUDIT_TITLE} wide>
      {error && <p role="alert">{AUDIT_LOAD_ERROR}</p>}
      {!entries && !error && <p>{LOADING}</p>}
      {entries?.length === 0 && <p>{AUDIT_EMPTY}</p>}
      {entries && entries.length > 0 && (
        <List>
          {entries.slice(0, shown).map((entry) => (
            <li key={entry.id} data-path={entry.path}>
              <p>{describeAudit(entry, data.timezone, today)}</p>
              <details>
                <summary>{SHOW_DATA}</summary>
                <dl>
                  <dt>Path</dt>
                  <dd>{entry.path}</dd>
                  <dt>Old</dt>
                  <dd>{formatAuditValue(entry.old)}</dd>
                  <dt>New</dt>
                  <dd>{formatAuditValue(entry.new)}</dd>
                </dl>
              </details>
            </li>
          ))}
        </List>
      )}
      {entries && entries.length > shown && (
        <Button $size="compact" type="button" $variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
          {SHOW_MORE}
        </Button>
      )}
    </Panel>
  );
}
