interface Window {
  /** The /config.json request that index.html starts before the app's modules load. */
  __sattaConfig?: Promise<Response>;
}
