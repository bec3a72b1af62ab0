import { Box, Container } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';

interface TitleHandle {
  title?: string;
}

function hasTitle(handle: unknown): handle is TitleHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The frame every screen sits in: phone-width first, a wider column on a desktop. */
export function AppLayout() {
  const matches = useMatches();
  const title = matches
    .map((m) => m.handle)
    .filter(hasTitle)
    .at(-1)?.title;
  useEffect(() => {
    document.title = title ? `${title} · Plod` : 'Plod';
  }, [title]);
  return (
    <Box mih="100dvh" bg="gray.0">
      <Container size="md" px={{ base: 'sm', sm: 'lg' }} py="md" component="main">
        <Outlet />
      </Container>
      <ScrollRestoration />
    </Box>
  );
}

export function RouteLoading() {
  return <Box mih="100dvh" bg="gray.0" aria-busy="true" />;
}
