/**
 * Which server the browser tests run against: the real sync-server, serving web/dist with /api and
 * /sync on one port, on a fresh data folder each run (`dataDir`). `vite preview` remains as a
 * stand-in for a machine without the server's native build (it has no /api or /sync).
 */
export const E2E_SERVER = 'sync-server' as 'vite-preview' | 'sync-server';

/**
 * The first supervisor and crew access code the test server starts with, for every spec. Test
 * values only: they live here, never in the app (the bundle check greps web's build for them).
 */
export const E2E_ADMIN = { username: 'e2e-supervisor', password: 'e2e-supervisor-pass-7Q' };
export const E2E_CREW_CODE = 'E2EC-RW4K';

/**
 * `webDir`: the build goes to a folder of this run's own, so another build of web/dist in the same
 * checkout (a colleague's test run) cannot empty it under the running server. `prebuilt`: `webDir`
 * already holds this checkout's build (the whole suite, scripts/test.sh, builds it once for its
 * download-size check and the browser tests alike), so the server starts without building again.
 */
export function serverCommand(port: number, dataDir = '', webDir = '', prebuilt = false): string {
  const build = prebuilt ? '' : `pnpm exec vite build --outDir ${webDir} --emptyOutDir && `;
  return E2E_SERVER === 'sync-server'
    ? build +
        `PORT=${port} PLOD_DATA_DIR=${dataDir} PLOD_WEB_DIR=${webDir} ` +
        `PLOD_ADMIN_USERNAME=${E2E_ADMIN.username} PLOD_ADMIN_PASSWORD=${E2E_ADMIN.password} ` +
        `PLOD_CREW_CODE=${E2E_CREW_CODE} pnpm --filter @plod/sync-server start`
    : `pnpm build && pnpm exec vite preview --port ${port} --strictPort --host 127.0.0.1`;
}

/** Paths only the real server answers. */
export const SERVER_ONLY_PATH = /^\/(api|sync)(\/|$)/;
