import { Center, Image, Loader, Paper, Text } from '@mantine/core';
import { usePhotoUrl } from './usePhotos';

export interface PhotoThumbProps {
  attachmentId: string;
  /** What the photo shows, in words (its alt text). */
  label: string;
  /** Changes when the photo may have become readable (saved, back online). */
  retryKey?: string;
  height?: number;
}

/** A photo's thumbnail, 4:3, from this phone's copy or the server's; a box saying why if neither. */
export function PhotoThumb({ attachmentId, label, retryKey, height = 150 }: PhotoThumbProps) {
  const photo = usePhotoUrl(attachmentId, retryKey);
  if (photo.kind === 'ready') {
    return (
      <Image
        src={photo.url}
        alt={`Core photo: ${label}`}
        h={height}
        fit="cover"
        radius="sm"
        data-testid="photo-thumb"
      />
    );
  }
  return (
    <Paper withBorder h={height} radius="sm" bg="gray.0">
      <Center h="100%" p="xs">
        {photo.kind === 'loading' ? (
          <Loader size="sm" aria-label="Loading photo" />
        ) : (
          <Text size="sm" c="dimmed" ta="center">
            Not uploaded yet
          </Text>
        )}
      </Center>
    </Paper>
  );
}
