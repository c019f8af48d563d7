import styled from 'styled-components';
import { Button, Message } from '@satta/shared/ui';
import { FAILED_TO_LOAD, FAILED_TO_PROCESS, LOADING_DATA, NO_DATA, TRY_AGAIN } from '@satta/shared/domain/messages';
import type { ChartState } from '../rules/chartState.ts';
import { reloadPage } from '../rules/reloadPage.ts';

const Box = styled.div`
  text-align: center;
`;

const TEXT: Record<Exclude<ChartState<unknown>['kind'], 'ready'>, string> = {
  loading: LOADING_DATA,
  'no-data': NO_DATA,
  'failed-to-process': FAILED_TO_PROCESS,
  'failed-to-load': FAILED_TO_LOAD,
};

/** The loading text, or one of the chart's three errors with 'Try Again' (which reloads the page). */
export function ChartMessage({ kind }: { kind: Exclude<ChartState<unknown>['kind'], 'ready'> }) {
  if (kind === 'loading') {
    return (
      <Box>
        <Message $tone="info">{TEXT.loading}</Message>
      </Box>
    );
  }
  return (
    <Box>
      <Message $tone="error">{TEXT[kind]}</Message>
      <Button type="button" onClick={reloadPage}>
        {TRY_AGAIN}
      </Button>
    </Box>
  );
}
