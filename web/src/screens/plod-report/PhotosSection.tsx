import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { SheetPhoto } from '@plod/model';
import { PhotoThumb } from '../../photos/PhotoThumb';

/** The plod's core tray photos as thumbnails with their labels (the PDF draws the same). */
export function PhotosSection({ photos }: { photos: readonly SheetPhoto[] }) {
  if (photos.length === 0) return <Text c="dimmed">No photos taken</Text>;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="report-photo-grid">
      {photos.map((photo) => (
        <Stack key={photo.attachmentId} gap={4} component="figure" m={0}>
          <PhotoThumb attachmentId={photo.attachmentId} label={photo.label} height={140} />
          <Text size="sm" component="figcaption">
            {photo.label}
          </Text>
          {photo.takenAt && (
            <Text size="xs" c="dimmed">
              Taken {photo.takenAt}
            </Text>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
