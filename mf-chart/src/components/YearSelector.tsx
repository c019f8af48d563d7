import styled from 'styled-components';
import { color } from '@satta/shared/ui';
import { YEAR_LABEL } from '../text.ts';

const Label = styled.label`
  display: inline-flex;
  gap: 0.5rem;
  align-items: center;
  font-weight: 600;

  select {
    min-height: 2.5rem;
    padding: 0.25rem 0.5rem;
    border: 1px solid ${color('--color-border')};
    border-radius: 6px;
    font: inherit;
  }
`;

/** Picks one of the years the game has results for. */
export function YearSelector({ years, value, onChange }: { years: readonly number[]; value: number; onChange: (year: number) => void }) {
  return (
    <Label>
      {YEAR_LABEL}
      <select value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </Label>
  );
}
