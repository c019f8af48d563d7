import { useMemo, useState } from 'react';
import { useLive } from '@satta/shared/data';
import { LOADING } from '@satta/shared/domain/messages';
import { Button, Panel, RecordTable } from '@satta/shared/ui';
import { AUDIT_EMPTY, AUDIT_LOAD_ERROR, AUDIT_TITLE, SHOW_MORE } from '../domain/adminMessages.ts';
import { formatAuditTime, formatAuditValue } from '../domain/auditFormat.ts';
import { useAdminData } from '../hooks/adminData.ts';

const PAGE = 25;

/** Who changed which record, when (site time), and from what to what; newest first. */
export function AuditTrail() {
  const data = useAdminData();
  const audit$ = useMemo(() => data.audit$(), [data]);
  const { data: entries, error } = useLive(audit$);
  const [shown, setShown] = useState(PAGE);

  return (
    <Panel title={AUDIT_TITLE} wide>
      {error && <p role="alert">{AUDIT_LOAD_ERROR}</p>}
      {!entries && !error && <p>{LOADING}</p>}
      {entries?.length === 0 && <p>{AUDIT_EMPTY}</p>}
      {entries && entries.length > 0 && (
        <RecordTable>
          <table>
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">Path</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {entries.slice(0, shown).map((entry) => (
                <tr key={entry.id}>
                  <td>{entry.email ?? entry.uid}</td>
                  <td>{formatAuditTime(entry.at, data.timezone)}</td>
                  <td>{entry.path}</td>
                  <td title={`${entry.old ?? 'null'} → ${entry.new ?? 'null'}`}>
                    {`${formatAuditValue(entry.old)} → ${formatAuditValue(entry.new)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </RecordTable>
      )}
      {entries && entries.length > shown && (
        <Button $size="compact" type="button" $variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
          {SHOW_MORE}
        </Button>
      )}
    </Panel>
  );
}
