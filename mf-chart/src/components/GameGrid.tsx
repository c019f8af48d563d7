import styled from 'styled-components';
import { CardHeading, StaleBadge, VisuallyHidden, color } from '@satta/shared/ui';
import { LOADING_DATA, NO_SATTANAMES_FOUND, SELECT_SATTANAME_HEADING, sattanamesFound } from '@satta/shared/domain/messages';

const Count = styled.p`
  margin: 0 0 0.75rem;
  text-align: center;
  color: ${color('--color-muted')};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const GameButton = styled.button`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.5rem;
  border: 2px solid ${color('--color-brand')};
  border-radius: 6px;
  background: ${color('--color-surface')};
  color: ${color('--color-brand')};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &:hover {
    background: ${color('--color-banner-bg')};
  }

  &:focus-visible {
    outline: 3px solid ${color('--color-focus')};
    outline-offset: 2px;
  }
`;

/** A button's box without a button: the grid keeps its final size while the names load. */
const Placeholder = styled.div`
  box-sizing: border-box;
  min-height: 2.75rem;
  border: 2px solid ${color('--color-border')};
  border-radius: 6px;
  background: ${color('--color-page')};
`;

const Empty = styled.p`
  text-align: center;
`;

/**
 * The heading with the match count and one button per matching game. The mark of cached names
 * sits in the heading, so its going away moves nothing.
 */
export function GameGrid({
  names,
  stale,
  at,
  onSelect,
}: {
  names: readonly string[];
  stale: boolean;
  /** When stale data was current, if known. */
  at?: number | undefined;
  onSelect: (name: string) => void;
}) {
  return (
    <>
      <CardHeading>
        {SELECT_SATTANAME_HEADING}
        <StaleBadge show={stale} at={at} />
      </CardHeading>
      <Count role="status">{sattanamesFound(names.length)}</Count>
      {names.length === 0 ? (
        <Empty>{NO_SATTANAMES_FOUND}</Empty>
      ) : (
        <Grid>
          {names.map((name) => (
            <li key={name}>
              <GameButton type="button" aria-haspopup="dialog" onClick={() => onSelect(name)}>
                {name}
              </GameButton>
            </li>
          ))}
        </Grid>
      )}
    </>
  );
}

/**
 * The grid while the names load, as large as the loaded one will be (`count` buttons, the
 * games the site knows), so nothing below it moves when they arrive.
 */
export function GameGridSkeleton({ count }: { count: number }) {
  return (
    <div aria-busy="true">
      <CardHeading>{SELECT_SATTANAME_HEADING}</CardHeading>
      <Count role="status">
        <VisuallyHidden>{LOADING_DATA}</VisuallyHidden>
        {'\u00a0'}
      </Count>
      <Grid aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Placeholder />
          </li>
        ))}
      </Grid>
    </div>
  );
}
