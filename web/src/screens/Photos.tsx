import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addPhoto,
  photoInputSchema,
  photoLabel,
  removePhoto,
  type Photo,
  type PhotoInput,
} from '@plod/model';
import { useId, useState, type ChangeEvent } from 'react';
import { useConfirm } from '../components/ConfirmModal';
import { TextField } from '../components/TextField';
import { photoOutbox } from '../photos/outbox';
import { PhotoImage } from '../photos/PhotoThumb';
import { resizePhoto } from '../photos/resize';
import type { PhotoUploadStatus } from '../photos/uploader';
import { usePhotoStatuses, usePhotoUrl } from '../photos/usePhotos';
import { activeHole } from '../reports/active-hole';
import { useConnection, useMutation } from '../sync';
import { NumberField } from './plod/NumberField';
import { PlodBar } from './plod/PlodBar';
import { usePlod } from './plod/plod-context';
import { PlodScreenHeader } from './plod/PlodScreenHeader';
import { useReportView } from './plod/useReport';

interface Where {
  holeId: string | null;
  fromDepth: string | number;
  toDepth: string | number;
  caption: string;
}

/** Where down the hole the photo is from: From, then To. */
const DEPTH_FIELDS = [
  { field: 'fromDepth', label: 'From (m)' },
  { field: 'toDepth', label: 'To (m)' },
] as const;

type FieldErrors = Partial<Record<keyof Where, string>>;

/** A stand-in for the photo's own facts, to check where it belongs before it is taken. */
const NOT_TAKEN_YET = {
  attachmentId: '00000000-0000-4000-8000-000000000000',
  contentType: 'image/jpeg',
  bytes: 1,
  width: 1,
  height: 1,
} as const;

/** The model's rules for a photo's hole, depths and caption, as messages beside the fields. */
function checkWhere(where: Where): FieldErrors {
  const parsed = photoInputSchema.safeParse({ ...where, ...NOT_TAKEN_YET });
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    if (field === 'holeId' || field === 'fromDepth' || field === 'toDepth' || field === 'caption')
      errors[field] ??= issue.message;
  }
  return errors;
}

const STATE_BADGE: Record<PhotoUploadStatus['state'], { label: string; color: string }> = {
  'on-phone': { label: 'On phone', color: 'orange.9' },
  uploading: { label: 'Uploading', color: 'blue.8' },
  saved: { label: 'Saved', color: 'green.9' },
  refused: { label: 'Not accepted', color: 'red.9' },
};

/** A photo this phone does not hold: the server's, or another phone's still to upload. */
const NOT_HERE = { label: 'On another phone', color: 'gray.7' };

const failed = (message: string) =>
  notifications.show({ color: 'red', title: 'Photo not taken', message });

function PhotoCard({
  photo,
  status,
  online,
  onDelete,
}: {
  photo: Photo;
  status: PhotoUploadStatus | undefined;
  online: boolean;
  onDelete?: () => void;
}) {
  const label = photoLabel(photo);
  const image = usePhotoUrl(photo.attachmentId, `${status?.state ?? ''}-${online}`);
  const badge = status
    ? STATE_BADGE[status.state]
    : image.kind === 'missing'
      ? NOT_HERE
      : STATE_BADGE.saved;
  return (
    <Card withBorder padding="xs" radius="md" data-testid="photo-card">
      <Card.Section>
        <PhotoImage photo={image} label={label} />
      </Card.Section>
      <Stack gap={6} mt="xs">
        <Text size="sm" fw={600} lineClamp={2}>
          {label}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Badge color={badge.color} data-testid="photo-state">
            {badge.label}
          </Badge>
          {onDelete && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete photo ${label}`}
              onClick={onDelete}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                />
              </svg>
            </ActionIcon>
          )}
        </Group>
        {status?.state === 'refused' && (
          <Alert color="red" variant="light" p="xs" data-testid="photo-refused">
            <Stack gap={6}>
              <Text size="sm" c="red.9">
                {status.message ?? 'The server did not accept this photo'}
              </Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void photoOutbox().uploader.retry(photo.attachmentId)}
              >
                Retry upload
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Core tray photos of the plod: where the next one belongs (hole, depths, caption), Take photo
 * (the phone's camera), and every photo with its thumbnail and whether the server has it yet.
 */
export default function Photos() {
  const { id, docName } = usePlod();
  const { report, loading, readOnly } = useReportView(docName);
  const add = useMutation(docName, addPhoto);
  const remove = useMutation(docName, removePhoto);
  const statuses = usePhotoStatuses();
  const { enabled, browserOnline } = useConnection();
  const online = enabled && browserOnline;
  const confirm = useConfirm();
  const inputId = useId();
  const [where, setWhere] = useState<Where>({
    holeId: null,
    fromDepth: '',
    toDepth: '',
    caption: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const holeOptions = report.holes.map((h) => h.holeId);
  const holeId = where.holeId ?? activeHole(report)?.holeId ?? null;

  const change = (patch: Partial<Where>) => {
    setWhere((w) => ({ ...w, ...patch }));
    // A field changed is checked again when the next photo is taken; To goes with From.
    setErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(
          ([key]) => !(key in patch) && !(key === 'toDepth' && 'fromDepth' in patch),
        ),
      ),
    );
  };

  const take = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const chosen = { ...where, holeId };
    const found = checkWhere(chosen);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const resized = await resizePhoto(file);
      const attachmentId = crypto.randomUUID();
      const reference: PhotoInput = {
        ...chosen,
        attachmentId,
        contentType: 'image/jpeg',
        bytes: resized.blob.size,
        width: resized.width,
        height: resized.height,
        takenAt: new Date().toISOString(),
      };
      const parsed = photoInputSchema.parse(reference);
      // The bytes first (the outbox), then the plod's reference: a reference never names nothing.
      const { uploader, store } = photoOutbox();
      await uploader.take({
        id: parsed.attachmentId,
        reportId: id,
        holeId: parsed.holeId,
        fromDepth: parsed.fromDepth,
        toDepth: parsed.toDepth,
        contentType: parsed.contentType,
        data: await resized.blob.arrayBuffer(),
      });
      try {
        add(reference);
      } catch (error) {
        await store.remove(parsed.attachmentId);
        throw error;
      }
      setWhere((w) => ({ ...w, fromDepth: '', toDepth: '', caption: '' }));
    } catch (error) {
      failed(
        error instanceof Error && error.message
          ? error.message
          : 'This photo could not be read: take it again',
      );
    } finally {
      setBusy(false);
    }
  };

  const askDelete = (photo: Photo) =>
    confirm.ask({
      title: 'Delete photo?',
      message: `${photoLabel(photo)} will be removed from this plod. Undo brings it back, on this phone, for a few minutes.`,
      confirmLabel: 'Delete',
      onConfirm: () => {
        if (remove(photo.id)) void photoOutbox().uploader.forget(photo.attachmentId);
      },
    });

  const waiting = report.photos.filter((p) => {
    const state = statuses.get(p.attachmentId)?.state;
    return state === 'on-phone' || state === 'uploading';
  }).length;

  return (
    <>
      <PlodScreenHeader title="Photos" loading={loading} testId="photos-count">
        {report.photos.length === 1 ? '1 photo' : `${report.photos.length} photos`}
        {waiting > 0 ? ` · ${waiting} to upload` : ''}
      </PlodScreenHeader>
      <PlodBar />
      {!readOnly && (
        <Paper withBorder p="md" radius="md" mb="md">
          <Stack gap="sm">
            <Select
              label="Hole (optional)"
              placeholder="No hole"
              data={holeOptions}
              value={holeId}
              onChange={(value) => change({ holeId: value })}
              clearable
              error={errors.holeId}
            />
            <Group grow gap="sm" align="flex-start">
              {DEPTH_FIELDS.map(({ field, label }) => (
                <NumberField
                  key={field}
                  label={label}
                  inputMode="decimal"
                  min={0}
                  decimalScale={2}
                  value={where[field]}
                  onChange={(value) => change({ [field]: value })}
                  error={errors[field]}
                />
              ))}
            </Group>
            <TextField
              label="Caption (optional)"
              placeholder="e.g. Tray 3, broken ground"
              value={where.caption}
              onChange={(value) => change({ caption: value })}
              error={errors.caption}
            />
            <Button
              component="label"
              htmlFor={inputId}
              size="lg"
              loading={busy}
              data-testid="take-photo"
            >
              Take photo
            </Button>
            <VisuallyHidden>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                capture="environment"
                aria-label="Take photo"
                // Its label (the Take photo button) is the target; the input itself takes no room.
                style={{ width: 1, height: 1 }}
                disabled={busy}
                onChange={(e) => void take(e)}
              />
            </VisuallyHidden>
            <Text size="sm" c="dimmed">
              Kept on this phone, and uploaded whenever there is signal.
            </Text>
          </Stack>
        </Paper>
      )}
      {report.photos.length === 0 ? (
        <Paper withBorder p="xl" radius="md" ta="center" data-testid="photos-empty">
          <Stack gap={4}>
            <Text fw={600}>No photos yet</Text>
            <Text size="sm" c="dimmed">
              Photograph each core tray: name its hole and depths first
            </Text>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="photos-grid">
          {report.photos.map((photo) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              status={statuses.get(photo.attachmentId)}
              online={online}
              onDelete={readOnly ? undefined : () => askDelete(photo)}
            />
          ))}
        </SimpleGrid>
      )}
      {confirm.modal}
    </>
  );
}
