// The server's Content Security Policy allows no eval (script-src 'self'). zod probes for it once,
// with `Function('')` in a try/catch, to decide whether to compile fast parsers: the probe is caught,
// but the browser still reports a CSP violation each time the app starts. zod reads its settings
// from this global (what `z.config({ jitless: true })` writes), so setting it before zod loads
// skips the probe. Imported first in main.tsx; zod itself loads later, with the model's schemas.
interface ZodGlobalConfig {
  jitless?: boolean;
}

const host = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
host.__zod_globalConfig ??= {};
host.__zod_globalConfig.jitless = true;

export {};
