import { useData, type DataService } from '@satta/shared/data';

/** What the dashboard uses of the data service; tests hand in a fake of just this. */
type AdminKeys =
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
  | 'publishedNumbers'
  | 'sendTestNotification'
  | 'undoResult'
  | 'pendingPushes$'
  | 'undoWindow$'
  | 'setUndoWindow'
  | 'scheduleResult'
  | 'cancelScheduled'
  | 'scheduled$'
  | 'homeGames$'
  | 'gameNames$'
  | 'khaiwals$'
  | 'mainInfo$'
  | 'adInfo$'
  | 'todayKey'
  | 'timezone';
export type AdminData = Pick<DataService, AdminKeys>;

export const useAdminData = (): AdminData => useData<AdminKeys>();
