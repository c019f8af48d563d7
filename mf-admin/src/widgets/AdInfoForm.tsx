import { useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useLive } from '@satta/shared/data';
import { MESSAGE_MS } from '@satta/shared/domain/constants';
import { FORM_AD_INFO, LOADING, TIME_PLACEHOLDER, UPDATING } from '@satta/shared/domain/messages';
import { Button, colors, Form, Input, Label, Panel, Row, StatusLine } from '@satta/shared/ui';
import { adRows, checkAdRows, type AdRow } from '../domain/adInfoDraft.ts';
import { ADD_AD, AD_INFO_UPDATED, NO_ADS } from '../domain/adminMessages.ts';
import { errorText } from '../domain/errorText.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useDraft } from '../hooks/useDraft.ts';
import { WritePendingError } from '../hooks/pendingWrites.ts';
import { useWriteMessage } from '../hooks/useWriteMessage.ts';
import { LoadingFields } from '../ui/LoadingFields.tsx';

const AdFieldset = styled.fieldset`
  border: 1px dashed ${colors.line};
  border-radius: 8px;
  padding: 8px;
  margin: 0;
  legend {
    font-weight: 600;
  }
`;

/** The whole `adinfo` object: ads keyed by label, each with a name and a time. */
export function AdInfoForm() {
  const data = useAdminData();
  const info$ = useMemo(() => data.adInfo$(), [data]);
  const live = useLive(info$);
  const info = live.data;
  // Until the ads arrive the form stays shut: an ad added to an empty list would save over them.
  const loading = info === undefined && live.stale && !live.error;
  const source = useMemo(() => adRows(info), [info]);
  const [rows, edit, reset] = useDraft(source);
  const [busy, setBusy] = useState(false);
  const { message, show, pending } = useWriteMessage();

  const change = (index: number, patch: Partial<AdRow>) => edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkAdRows(rows);
    if (!checked.ok) return show(checked.error, 'error', MESSAGE_MS);
    setBusy(true);
    try {
      await data.setAdInfo(checked.value);
      reset();
      show(AD_INFO_UPDATED, 'success', MESSAGE_MS);
    } catch (error) {
      if (error instanceof WritePendingError) return pending(error);
      show(errorText(error), 'error', MESSAGE_MS);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={FORM_AD_INFO}>
      <Form onSubmit={submit} noValidate aria-busy={loading}>
        <LoadingFields disabled={loading}>
          {loading ? <p>{LOADING}</p> : rows.length === 0 && <p>{NO_ADS}</p>}
          {rows.map((row, i) => (
            <AdFieldset key={i}>
              <legend>{`Ad ${i + 1}`}</legend>
              <Row>
                <Label>
                  {`Ad ${i + 1} label`}
                  <Input value={row.label} onChange={(e) => change(i, { label: e.target.value })} />
                </Label>
                <Label>
                  {`Ad ${i + 1} name`}
                  <Input value={row.name} onChange={(e) => change(i, { name: e.target.value })} />
                </Label>
                <Label>
                  {`Ad ${i + 1} time`}
                  <Input
                    value={row.time}
                    placeholder={TIME_PLACEHOLDER}
                    onChange={(e) => change(i, { time: e.target.value })}
                    autoComplete="off"
                  />
                </Label>
                <Button $size="compact" type="button" $variant="danger" onClick={() => edit(rows.filter((_, j) => j !== i))}>
                  {`Remove ad ${i + 1}`}
                </Button>
              </Row>
            </AdFieldset>
          ))}
          <Button $size="compact" type="button" $variant="secondary" onClick={() => edit([...rows, { label: '', name: '', time: '' }])}>
            {ADD_AD}
          </Button>
          <Button $size="compact" type="submit" disabled={loading || busy}>
            {busy ? UPDATING : FORM_AD_INFO}
          </Button>
        </LoadingFields>
      </Form>
      <StatusLine message={message} />
    </Panel>
  );
}
