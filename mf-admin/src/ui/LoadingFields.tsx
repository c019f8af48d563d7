import styled from 'styled-components';

/**
 * A form's fields as one group that can be shut (`disabled`) while the record they edit is
 * loading: the browser disables every control inside, and nothing of the layout moves.
 */
export const LoadingFields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 10px;
  min-width: 0;
  border: 0;
  margin: 0;
  padding: 0;
`;
