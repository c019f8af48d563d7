/** Stops the process with one line unless it runs on the Node major of package.json's engines. */
export function requireSupportedNode(command: string): void;
