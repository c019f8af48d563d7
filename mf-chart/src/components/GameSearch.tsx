import styled from 'styled-components';
import { Field, VisuallyHidden } from '@satta/shared/ui';
import { SEARCH_PLACEHOLDER } from '@satta/shared/domain/messages';
import { SEARCH_LABEL } from '../text.ts';

const SearchField = styled(Field)`
  max-width: 28rem;
  margin: 0 auto 0.75rem;
`;

/** The search box above the game grid. */
export function GameSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <SearchField>
      <VisuallyHidden>{SEARCH_LABEL}</VisuallyHidden>
      <input
        type="search"
        value={value}
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </SearchField>
  );
}
