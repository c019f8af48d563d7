import { useKhaiwals } from '../hooks/useKhaiwals.ts';
import { AgentCardsView } from './AgentCardsView.tsx';

/** Exposed widget: the live khaiwal directory shown on the home page. */
export default function AgentCards() {
  return <AgentCardsView live={useKhaiwals()} />;
}
