import { Center, Image, Loader, Paper, Text } from '@mantine/core';
import { usePhotoUrl, type PhotoUrl } from './usePhotos';

export interface PhotoThumbProps {
  attachmentId: string;
  /** What the photo shows, in words (its alt text). */
  label: string;
  /** Changes when the photo may have become readable (saved, back online). */
  retryKey?: string;
  height?: number;
}

/** A photo's thumbnail from what `usePhotoUrl` found; a box saying why when neither copy is there. */
export function PhotoImage({
  photo,
  label,
  height = 150,
}: {
  photo: PhotoUrl;
  label: string;
  height?: number;
}) {
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

/** A photo's thumbnail, read from this phone's copy or the server's. */
export function PhotoThumb({ attachmentId, label, retryKey, height }: PhotoThumbProps) {
  return <PhotoImage photo={usePhotoUrl(attachmentId, retryKey)} label={label} height={height} />;
}
