import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Site, SiteId } from '@plod/model';
import { useState } from 'react';
import { useConfirm } from '../../components/ConfirmModal';
import { SiteNameModal } from '../../components/SiteNameModal';
import { deleteSiteRequest, usePlodCounts } from '../../setup/sites';
import { useSiteHoleCount } from '../../setup/useSetupEditor';

export interface SitesTabProps {
  /** Every site, for refusing a name one of them has. */
  sites: readonly Site[];
  site: Site | null;
  /** Returns the new site's id, or null when it was refused. */
  onAdd: (siteName: string) => SiteId | null;
  onRename: (id: SiteId, siteName: string) => boolean;
  /** Deletes the site, or archives it when it has plods. */
  onDelete: (site: Site, plods: number) => void;
  onUnarchive: (site: Site) => void;
}

/** The selected site (name, id, total holes) with Edit and Delete, and Add Site. */
export function SitesTab({ sites, site, onAdd, onRename, onDelete, onUnarchive }: SitesTabProps) {
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const confirm = useConfirm();
  const plods = usePlodCounts().get(site?.id ?? '') ?? 0;
  return (
    <Stack gap="md">
      <Button size="md" onClick={() => setAdding(true)}>
        Add Site
      </Button>
      {site ? (
        <SiteCard
          site={site}
          plods={plods}
          onEdit={() => setRenaming(true)}
          onDelete={() =>
            confirm.ask(deleteSiteRequest(site.siteName, plods, () => onDelete(site, plods)))
          }
          onUnarchive={() => onUnarchive(site)}
        />
      ) : (
        <Text c="dimmed" size="md">
          No sites yet. Add a site to set up its rigs, crew and hire tools.
        </Text>
      )}
      <SiteNameModal
        opened={adding}
        title="Add New Site"
        submitLabel="Create"
        initialName=""
        onSubmit={(name) => onAdd(name) !== null}
        onClose={() => setAdding(false)}
        sites={sites}
      />
      {site && renaming && (
        <SiteNameModal
          opened
          title="Edit Site"
          submitLabel="Save"
          initialName={site.siteName}
          onSubmit={(name) => onRename(site.id, name)}
          onClose={() => setRenaming(false)}
          sites={sites}
          siteId={site.id}
        />
      )}
      {confirm.modal}
    </Stack>
  );
}

function SiteCard({
  site,
  plods,
  onEdit,
  onDelete,
  onUnarchive,
}: {
  site: Site;
  plods: number;
  onEdit: () => void;
  onDelete: () => void;
  onUnarchive: () => void;
}) {
  const holes = useSiteHoleCount(site.id);
  return (
    <Card withBorder component="section" aria-label="Selected site">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={2} fz={22} data-testid="site-name">
            {site.siteName}
          </Title>
          {site.archivedAt && (
            <Badge color="gray" size="lg" data-testid="site-archived">
              Archived
            </Badge>
          )}
        </Group>
        <Text c="dimmed" size="sm" style={{ wordBreak: 'break-all' }}>
          Site ID: <span data-testid="site-id">{site.id}</span>
        </Text>
        <Text size="md">
          Total holes:{' '}
          <Text span fw={700} data-testid="site-total-holes">
            {holes}
          </Text>
        </Text>
        <Text size="md">
          Plods:{' '}
          <Text span fw={700} data-testid="site-plods">
            {plods}
          </Text>
        </Text>
        {site.archivedAt && (
          <Text c="dimmed" size="sm">
            Archived: crews no longer see this site; its plods stay readable and exportable.
          </Text>
        )}
        <Group grow mt="xs">
          <Button variant="light" onClick={onEdit}>
            Edit
          </Button>
          {site.archivedAt ? (
            <Button variant="light" onClick={onUnarchive}>
              Unarchive
            </Button>
          ) : (
            <Button variant="light" color="red" onClick={onDelete}>
              {plods > 0 ? 'Archive' : 'Delete'}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
