import type { DataService } from '@satta/shared/data';
import { useData } from '@satta/shared/data/react';

/** The part of the data service the agent directory and the contact page read; tests hand in a fake of just this. */
export type AgentsData = Pick<DataService, 'khaiwals$' | 'mainInfo$'>;

export const useAgentsData = () => useData<AgentsData>();
