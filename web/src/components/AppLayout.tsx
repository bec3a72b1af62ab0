import { Box, Container } from '@mantine/core';
import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useAuth } from '../auth';
import { LateEditToasts } from './LateEdits';
import { CLIENT_HOME } from '../routes/client';
import { SyncRefusedNotes } from './SyncRefusedNotes';
import { UpdatePrompt } from './UpdatePrompt';
import { lazyOptional } from '../lib/lazyOptional';
import { markFirstScreenShown, useFirstScreenShown } from '../app/first-screen';

// Shown only on a phone that has not joined: its own chunk, out of the first route.
const Join = lazy(() => import('../screens/Join'));
// Shown only to a signed-in supervisor: out of the crews' first route too.
const SupervisorMenu = lazy(() => import('./SupervisorMenu'));

// Reserves hole numbers in the background (reading the hole register): its own chunk, loaded once
// the first screen has shown (app/first-screen.ts).
const HoleNumberKeeper = lazyOptional(() => import('../screens/run-sheets/HoleNumberKeeper'));

const JOIN_TITLE = 'Join this device';

interface RouteHandle {
  title?: string;
  public?: boolean;
  client?: boolean;
  supervisor?: boolean;
  wide?: boolean;
  tellsShown?: boolean;
}

function isHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/**
 * The frame every screen sits in: phone-width first, a wider column on a desktop (the full width for
 * desk screens), with the supervisor menu on top for a signed-in supervisor. It is also the gate: a
 * device that has neither joined nor a supervisor signed in sees the Join screen in place of any
 * crew screen (the public routes stay open), from local knowledge, so it works offline; a client
 * account is sent to its plods for review from any screen not open to it (the server refuses it
 * those screens' data anyway). Supervisor screens are never gated to Join: they ask for a
 * supervisor's sign-in themselves.
 */
export function AppLayout() {
  const handle = useMatches()
    .map((m) => m.handle)
    .filter(isHandle)
    .at(-1);
  const auth = useAuth();
  const gated = auth.kind === 'none' && handle?.public !== true && handle?.supervisor !== true;
  const clientAway = auth.kind === 'client' && handle?.public !== true && handle?.client !== true;
  const title = gated ? JOIN_TITLE : handle?.title;
  const menu = auth.kind === 'supervisor' && handle?.public !== true;
  useEffect(() => {
    document.title = title ? `${title} · Plod` : 'Plod';
  }, [title]);
  // A screen that does not say when it has shown (and the Join screen) counts as shown once mounted.
  const tellsShown = handle?.tellsShown === true && !gated && !clientAway;
  useEffect(() => {
    if (!tellsShown) markFirstScreenShown();
  }, [tellsShown]);
  const firstShown = useFirstScreenShown();
  return (
    <Box mih="100dvh" bg="gray.0">
      {menu && (
        <Suspense fallback={<Box h={52} />}>
          <SupervisorMenu username={auth.username} />
        </Suspense>
      )}
      <Container
        size={handle?.wide === true ? 'xl' : 'md'}
        px={{ base: 'sm', sm: 'lg' }}
        py="md"
        component="main"
      >
        <UpdatePrompt />
        {clientAway ? (
          <Navigate to={CLIENT_HOME} replace />
        ) : gated ? (
          <Suspense fallback={<Box aria-busy="true" />}>
            <Join />
          </Suspense>
        ) : (
          <>
            {firstShown && (auth.kind === 'device' || auth.kind === 'supervisor') && (
              <Suspense fallback={null}>
                <HoleNumberKeeper />
              </Suspense>
            )}
            <SyncRefusedNotes />
            <Outlet />
          </>
        )}
        {/* Room for a toast below the last action: scrolled to the end, nothing is under one. */}
        <Box h="6rem" aria-hidden="true" data-testid="toast-room" />
      </Container>
      <ScrollRestoration />
      <LateEditToasts />
    </Box>
  );
}

export function RouteLoading() {
  return <Box mih="100dvh" bg="gray.0" aria-busy="true" />;
}
