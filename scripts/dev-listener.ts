/** `npm run listener:dev`: the receiver for development on this machine, authentication off (DEV_AUTH_OFF=1, docs/listener.md). */
// Set here, not in the package script, so it works in every shell; an explicit DEV_AUTH_OFF=0 still wins.
process.env.DEV_AUTH_OFF ??= '1';
// The explicit development marker the switch needs (issue 38).
process.env.NODE_ENV ??= 'development';
await import('../server/listener/main');

export {};
