/*
 * React (and styled-components) choose their build from NODE_ENV when first loaded, and unset
 * means the development build: its extra checks make a page's render about three times slower
 * (17 ms instead of 6 ms for /), which a published result waits for. The service renders with
 * the production build unless NODE_ENV says otherwise. Imported first by main.ts, before
 * anything loads React.
 */
process.env.NODE_ENV ??= 'production';
