import { NativeSelect, Tabs } from '@mantine/core';
import type { Site, SiteId } from '@plod/model';
import { useSearchParams } from 'react-router';
import { SupervisorsOnly } from '../components/SignInFirst';
import { ScreenHeader } from '../components/ScreenHeader';
import { useSelectedSite } from '../setup/selected-site';
import { siteActions } from '../setup/sites';
import { useSetupEditor, useSetupSnapshot } from '../setup/useSetupEditor';
import { DevicesTab } from './site-setup/DevicesTab';
import {
  CONSUMABLE_KIND,
  CREW_KIND,
  DOWNTIME_CODE_KIND,
  HIRE_TOOL_KIND,
  RIG_KIND,
} from './site-setup/kinds';
import { RosterTab } from './site-setup/RosterTab';
import { SiteItemsTab, type ItemKind, type ItemValues } from './site-setup/SiteItemsTab';
import { SitesTab } from './site-setup/SitesTab';

/** Supervisors only: a device or nobody goes to sign in first. */
export default function SiteSetup({ title = 'Site Setup' }: { title?: string }) {
  return (
    <SupervisorsOnly>
      <SiteSetupScreen title={title} />
    </SupervisorsOnly>
  );
}

const TABS = ['sites', 'rigs', 'crew', 'tools', 'downtime', 'consumables', 'roster', 'devices'];

const ofSite = <T extends { siteId: SiteId }>(items: readonly T[], site: Site | null): T[] =>
  site ? items.filter((item) => item.siteId === site.id) : [];

/**
 * Sites, rigs, crew and hire tools live in the `setup` document: every change here is made on the
 * device copy and synced by the relay, so the screen works offline for a signed-in supervisor.
 */
function SiteSetupScreen({ title }: { title: string }) {
  const setup = useSetupSnapshot();
  const edit = useSetupEditor();
  const { site, select } = useSelectedSite(setup.sites);
  const sites = siteActions(edit);
  // The tab is in the address: the supervisor menu's Devices opens that tab, and a reload keeps it.
  const [params, setParams] = useSearchParams();
  const tab = TABS.includes(params.get('tab') ?? '') ? (params.get('tab') ?? 'sites') : 'sites';

  const addSite = (siteName: string): SiteId | null => {
    const id = sites.add(siteName);
    if (id !== null) select(id);
    return id;
  };
  // One kind's list of the selected site (rigs, crew, hire tools, downtime codes, consumables).
  const itemsTab = <T extends { id: string; siteId: SiteId }, V extends ItemValues>(
    kind: ItemKind<T, V>,
    items: readonly T[],
  ) => <SiteItemsTab kind={kind} site={site} items={ofSite(items, site)} edit={edit} />;

  return (
    <>
      <ScreenHeader title={title} backTo="/" backLabel="Back to Plods" />
      <NativeSelect
        label="Site"
        size="md"
        mb="md"
        disabled={setup.sites.length === 0}
        value={site?.id ?? ''}
        onChange={(event) => {
          const chosen = setup.sites.find((s) => s.id === event.currentTarget.value);
          if (chosen) select(chosen.id);
        }}
        data={
          setup.sites.length === 0
            ? [{ value: '', label: 'No sites yet' }]
            : setup.sites.map((s) => ({
                value: s.id,
                label: s.archivedAt ? `${s.siteName} (archived)` : s.siteName,
              }))
        }
      />
      {/* Narrow padding: the eight tabs take two rows on a phone, not three. */}
      <Tabs
        value={tab}
        onChange={(next) => setParams(next && next !== 'sites' ? { tab: next } : {})}
        keepMounted={false}
        styles={{ tab: { paddingInline: 8 } }}
      >
        <Tabs.List mb="md" grow>
          <Tabs.Tab value="sites">Sites</Tabs.Tab>
          <Tabs.Tab value="rigs">Rigs</Tabs.Tab>
          <Tabs.Tab value="crew">Crew</Tabs.Tab>
          <Tabs.Tab value="tools">Hire Tools</Tabs.Tab>
          <Tabs.Tab value="downtime">Downtime codes</Tabs.Tab>
          <Tabs.Tab value="consumables">Consumables</Tabs.Tab>
          <Tabs.Tab value="roster">Roster</Tabs.Tab>
          <Tabs.Tab value="devices">Devices</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sites">
          <SitesTab
            sites={setup.sites}
            site={site}
            onAdd={addSite}
            onRename={sites.rename}
            onDelete={sites.remove}
            onUnarchive={sites.unarchive}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rigs">{itemsTab(RIG_KIND, setup.rigs)}</Tabs.Panel>
        <Tabs.Panel value="crew">{itemsTab(CREW_KIND, setup.crewMembers)}</Tabs.Panel>
        <Tabs.Panel value="tools">{itemsTab(HIRE_TOOL_KIND, setup.hireTools)}</Tabs.Panel>
        <Tabs.Panel value="downtime">
          {itemsTab(DOWNTIME_CODE_KIND, setup.downtimeCodes)}
        </Tabs.Panel>
        <Tabs.Panel value="consumables">{itemsTab(CONSUMABLE_KIND, setup.consumables)}</Tabs.Panel>
        <Tabs.Panel value="roster">
          <RosterTab
            site={site}
            rigs={ofSite(setup.rigs, site)}
            roster={site ? setup.roster.filter((r) => r.siteId === site.id) : []}
            onSet={edit.setRosterCells}
          />
        </Tabs.Panel>
        <Tabs.Panel value="devices">
          <DevicesTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
