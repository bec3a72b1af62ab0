/**
 * Which server the browser tests run against. Until the sync-server serves web/dist with /api and
 * /sync on one port, `vite preview` stands in: it has no /api or /sync, so their failed requests
 * are expected there. To switch to the real server, change this one line to 'sync-server'.
 */
export const E2E_SERVER: 'vite-preview' | 'sync-server' = 'vite-preview';

export function serverCommand(port: number): string {
  return E2E_SERVER === 'sync-server'
    ? `pnpm build && PORT=${port} pnpm --filter @plod/sync-server start`
    : `pnpm build && pnpm exec vite preview --port ${port} --strictPort --host 127.0.0.1`;
}

/** Paths only the real server answers. */
export const SERVER_ONLY_PATH = /^\/(api|sync)(\/|$)/;
