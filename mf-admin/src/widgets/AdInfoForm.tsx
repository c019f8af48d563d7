import { useMemo } from 'react';
import styled from 'styled-components';
import { useLive } from '@satta/shared/data';
import { FORM_AD_INFO, LOADING, TIME_PLACEHOLDER } from '@satta/shared/domain/messages';
import { Button, colors, Input, Label, Row } from '@satta/shared/ui';
import { adRows, checkAdRows, type AdRow } from '../domain/adInfoDraft.ts';
import { ADD_AD, AD_INFO_UPDATED, NO_ADS } from '../domain/adminMessages.ts';
import { useAdminData } from '../hooks/adminData.ts';
import { useDraft } from '../hooks/useDraft.ts';
import { AdminForm } from '../ui/AdminForm.tsx';

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

  const change = (index: number, patch: Partial<AdRow>) => edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <AdminForm
      title={FORM_AD_INFO}
      submitLabel={FORM_AD_INFO}
      check={() => checkAdRows(rows)}
      save={(value) => data.setAdInfo(value)}
      saved={AD_INFO_UPDATED}
      onSaved={reset}
      loading={loading}
    >
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
    </AdminForm>
  );
}
