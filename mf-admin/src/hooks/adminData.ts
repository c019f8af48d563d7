import { createContext, useContext } from 'react';
import { dataService, type DataService } from '@satta/shared/data';

/** The part of the data service the dashboard uses; tests hand in a fake of just this. */
export type AdminData = Pick<
  DataService,
  | 'user$'
  | 'signOut'
  | 'updatePassword'
  | 'setResult'
  | 'getResult'
  | 'setGameTime'
  | 'setMainInfo'
  | 'setAdInfo'
  | 'saveKhaiwal'
  | 'deleteKhaiwal'
  | 'audit$'
  | 'importResults'
  | 'sendTestNotification'
  | 'undoResult'
  | 'pendingPushes$'
  | 'undoWindow$'
  | 'setUndoWindow'
  | 'homeGames$'
  | 'gameNames$'
  | 'khaiwals$'
  | 'mainInfo$'
  | 'adInfo$'
  | 'todayKey'
  | 'timezone'
>;

const AdminDataContext = createContext<AdminData | null>(null);

/** Tests (and only tests) provide a fake; on a page the dashboard uses the page's singleton. */
export const AdminDataProvider = AdminDataContext.Provider;

export function useAdminData(): AdminData {
  return useContext(AdminDataContext) ?? dataService();
}
