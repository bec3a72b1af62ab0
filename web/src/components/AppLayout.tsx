import { Box, Container } from '@mantine/core';
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useAuth } from '../auth';

// Shown only on a phone that has not joined: its own chunk, out of the first route.
const Join = lazy(() => import('../screens/Join'));

const JOIN_TITLE = 'Join this device';

interface RouteHandle {
  title?: string;
  public?: boolean;
}

function isHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/**
 * The frame every screen sits in: phone-width first, a wider column on a desktop. It is also the
 * gate: a device that has neither joined nor a supervisor signed in sees the Join screen in place
 * of any crew screen (the public routes stay open), from local knowledge, so it works offline.
 */
export function AppLayout() {
  const handle = useMatches()
    .map((m) => m.handle)
    .filter(isHandle)
    .at(-1);
  const auth = useAuth();
  const gated = auth.kind === 'none' && handle?.public !== true;
  const title = gated ? JOIN_TITLE : handle?.title;
  useEffect(() => {
    document.title = title ? `${title} · Plod` : 'Plod';
  }, [title]);
  return (
    <Box mih="100dvh" bg="gray.0">
      <Container size="md" px={{ base: 'sm', sm: 'lg' }} py="md" component="main">
        {gated ? (
          <Suspense fallback={<Box aria-busy="true" />}>
            <Join />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </Container>
      <ScrollRestoration />
    </Box>
  );
}

export function RouteLoading() {
  return <Box mih="100dvh" bg="gray.0" aria-busy="true" />;
}
