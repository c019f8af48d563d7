import { useCallback, useState } from 'react';

/**
 * A form that mirrors live data until the admin edits it. Once edited, the admin's input stays
 * (a live change or a failed save never overwrites it); `reset` returns to mirroring, after a
 * successful save or a cancel.
 */
export function useDraft<T>(source: T): [T, (next: T) => void, () => void] {
  const [edited, setEdited] = useState<{ value: T } | null>(null);
  const edit = useCallback((value: T) => setEdited({ value }), []);
  const reset = useCallback(() => setEdited(null), []);
  return [edited ? edited.value : source, edit, reset];
}
