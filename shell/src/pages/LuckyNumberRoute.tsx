import { RemoteWidget } from '../remotes/RemoteWidget.tsx';
import { useDocumentTitle } from '../hooks/useDocumentTitle.ts';
import { PATHS, TITLES } from '../routes.ts';

/**
 * /lucky-number (docs/product.md, Lucky number page): mf-fun's generator and slot machine beside
 * live result widgets.
 */
export function LuckyNumberRoute() {
  useDocumentTitle(TITLES[PATHS.luckyNumber]);
  return (
    <>
      <RemoteWidget remote="mf-fun" exposed="LuckyNumberPage" />
      <RemoteWidget remote="mf-results" exposed="CurrentGame" />
      <RemoteWidget remote="mf-fun" exposed="SlotMachine" />
      <RemoteWidget remote="mf-results" exposed="ResultTable" />
    </>
  );
}
