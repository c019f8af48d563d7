// Types of styledIds.mjs (plain JS so that a Node loader hook can import it; see there).
export function styledComponentId(file: string, index: number): string;
export function addStyledIds(code: string, file: string): string | undefined;
export function workspacePath(root: string, file: string): string;
export function styledIds(root: string): {
  name: string;
  transform(code: string, id: string): { code: string; map: null } | null;
};
