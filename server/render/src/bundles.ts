import type { ComponentType, ReactNode } from 'react';

/** What the shell's server bundle (shell/dist/server/widgets.mjs, from shell/src/server.tsx) exports. */
export interface ShellServerBundle {
  ServerPage: (props: { url: string; widgets: (remote: string, exposed: string) => ComponentType | undefined }) => ReactNode;
  TITLES: Record<string, string>;
  SERVER_DATA_ID: string;
}

/** A remote's server bundle: its exposed widgets under their exposed names. */
export type RemoteServerBundle = Record<string, unknown>;

export function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}
