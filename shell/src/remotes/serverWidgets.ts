import { createContext, useContext, type ComponentType } from 'react';

/**
 * On the server the render service hands the page the remotes' server bundles through this
 * context, so RemoteWidget renders a widget directly instead of loading it over federation.
 * In the browser nothing provides it.
 */
export type ServerWidgetLookup = (remote: string, exposed: string) => ComponentType | undefined;

export const ServerWidgetsContext = createContext<ServerWidgetLookup | null>(null);

export function useServerWidget(remote: string, exposed: string): ComponentType | undefined {
  return useContext(ServerWidgetsContext)?.(remote, exposed);
}
