/** The projects `npm run typecheck` checks, by folder. */
export const PROJECTS: string[];
/** Projects with equal compiler options, each group checked as one program. */
export function groups(
  projects?: readonly string[],
): { options: Record<string, unknown>; projects: { dir: string; include: string[] }[] }[];
