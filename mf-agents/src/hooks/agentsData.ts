import { useData, type DataService } from '@satta/shared/data';

/** What the agent directory and the contact page read of the data service; tests hand in a fake of just this. */
type AgentsKeys = 'khaiwals$' | 'mainInfo$';
export type AgentsData = Pick<DataService, AgentsKeys>;

export const useAgentsData = (): AgentsData => useData<AgentsKeys>();
