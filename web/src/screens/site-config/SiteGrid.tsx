import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { SiteId, SiteWithHoles } from '@plod/model';

export interface SiteGridProps {
  sites: readonly SiteWithHoles[];
  selectedId: SiteId | null;
  onSelect: (id: SiteId) => void;
  /** Deletes the site, or archives it when it has plods (the confirmation says which). */
  onDelete: (site: SiteWithHoles) => void;
  onUnarchive: (site: SiteWithHoles) => void;
  /** Plods per site id. */
  plodCounts: ReadonlyMap<string, number>;
}

function holesLabel(count: number): string {
  return count === 1 ? '1 hole' : `${count} holes`;
}

/** SPEC 2: the site grid with hole counts and a delete x on each site. */
export function SiteGrid({
  sites,
  selectedId,
  onSelect,
  onDelete,
  onUnarchive,
  plodCounts,
}: SiteGridProps) {
  if (sites.length === 0) {
    return (
      <Card withBorder ta="center" py="xl" data-testid="sites-empty">
        <Text fw={700} size="lg">
          No sites yet
        </Text>
        <Text c="dimmed">Add a site to configure cleanup and exports.</Text>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="site-grid">
      {sites.map((site) => {
        const selected = site.id === selectedId;
        return (
          <Card
            key={site.id}
            withBorder
            padding="md"
            data-testid="site-card"
            data-site-id={site.id}
            data-selected={selected}
            style={selected ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : {}}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <UnstyledButton
                onClick={() => onSelect(site.id)}
                aria-pressed={selected}
                style={{ flex: 1, minWidth: 0 }}
              >
                {/* Heard before the visible name, so the button's name still holds what it shows. */}
                <VisuallyHidden>Configure </VisuallyHidden>
                <Stack gap={4}>
                  <Text fw={800} size="lg" truncate>
                    {site.siteName}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" size="lg" data-testid="site-hole-count">
                      {holesLabel(site.holeIds.length)}
                    </Badge>
                    {site.archivedAt && (
                      <Badge variant="light" color="gray" data-testid="site-archived">
                        Archived
                      </Badge>
                    )}
                    {!site.enableAutoCleanup && (
                      <Badge variant="light" color="gray">
                        Auto cleanup off
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </UnstyledButton>
              {site.archivedAt ? (
                <Button variant="light" onClick={() => onUnarchive(site)}>
                  Unarchive
                </Button>
              ) : (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`${(plodCounts.get(site.id) ?? 0) > 0 ? 'Archive' : 'Delete'} site ${site.siteName}`}
                  onClick={() => onDelete(site)}
                >
                  <Text span fw={800} aria-hidden>
                    ✕
                  </Text>
                </ActionIcon>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
