/** SPEC section 8: the agent-load error, word for word. */
export const KHAIWAL_LOAD_ERROR = 'Error fetching khaiwals data';
