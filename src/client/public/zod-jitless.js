// zod compiles fast validators with new Function, and probes for it, both of which the
// Content-Security-Policy refuses (and reports). zod reads this global setting when it builds a schema,
// which modules do as they load, so it is set here, by a classic script that runs before any module.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
