import { useRead } from '@satta/shared/data';
import { AgentCardsView } from './AgentCardsView.tsx';

/** Exposed widget: the live khaiwal directory shown on the home page. */
export default function AgentCards() {
  return <AgentCardsView live={useRead((data) => data.khaiwals$(), [])} />;
}
