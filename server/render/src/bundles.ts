import type { ComponentType, ReactNode } from 'react';

/** What the shell's server bundle (shell/dist/server/widgets.mjs, from shell/src/server.tsx) exports. */
export interface ShellServerBundle {
  ServerPage: (props: { url: string; widgets: (remote: string, exposed: string) => ComponentType | undefined }) => ReactNode;
  TITLES: Record<string, string>;
  /** The title of the shell's not-found page (a bundle built before it was exported has none). */
  NOT_FOUND_TITLE?: string;
  SERVER_DATA_ID: string;
}

/** A remote's server bundle: its exposed widgets under their exposed names. */
export type RemoteServerBundle = Record<string, unknown>;

export function isComponent(value: unknown): value is ComponentType {
  return typeof value === 'function' || (typeof value === 'object' && value !== null);
}
