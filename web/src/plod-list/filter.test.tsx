import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PendingWrites, usePlodListAddress } from './filter';

/** A list screen reduced to its address: two buttons that change it, and the address shown. */
function Screen() {
  const address = usePlodListAddress();
  const { search } = useLocation();
  return (
    <>
      <output data-testid="search">{search}</output>
      <button
        onClick={() => {
          // Two changes in one tap's time: nothing renders between them.
          address.setFilter({});
          address.patchFilter({ driller: 'Sam Driller' });
        }}
      >
        Clear, then pick
      </button>
      <button onClick={() => address.patchFilter({ siteId: 'site-2' })}>Pick a site</button>
    </>
  );
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/live', element: <Screen /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('a list’s address', () => {
  it('keeps both of two changes made before the screen shows the first', async () => {
    open('/live?from=2026-03-05&to=2026-03-20&page=2');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear, then pick' }));
    });
    expect(screen.getByTestId('search').textContent).toBe('?driller=Sam+Driller');
  });

  it('changes one field on top of the address as it is now, back to page 1', async () => {
    const router = open('/live?from=2026-03-05&page=3');
    await act(async () => {
      await router.navigate('/live?to=2026-04-01');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pick a site' }));
    });
    expect(screen.getByTestId('search').textContent).toBe('?to=2026-04-01&siteId=site-2');
  });

  it('makes a tap on a render that shows only the first of two quick changes keep the second', () => {
    // Clear filters, then a driller picked at once; the router shows the cleared list in a render
    // of its own, and Page 2 is tapped on that render before the driller's list shows.
    const writes = new PendingWrites();
    const onScreen = new URLSearchParams('from=2026-03-05&driller=Sam');
    const cleared = writes.base(onScreen);
    cleared.delete('from');
    cleared.delete('driller');
    writes.wrote(cleared);
    const picked = writes.base(onScreen);
    picked.set('driller', 'Sam');
    writes.wrote(picked);
    writes.shown(new URLSearchParams(''));
    const paged = writes.base(new URLSearchParams(''));
    paged.set('page', '2');
    expect(paged.toString()).toBe('driller=Sam&page=2');
    writes.wrote(paged);
    // Once the router shows the last one written, changes start from what is on screen again.
    writes.shown(new URLSearchParams('driller=Sam&page=2'));
    expect(writes.base(new URLSearchParams('driller=Sam&page=2')).toString()).toBe(
      'driller=Sam&page=2',
    );
    // Back (an address this screen never wrote) drops what was waiting.
    writes.wrote(new URLSearchParams('driller=Sam&page=3'));
    writes.shown(new URLSearchParams('driller=Ann'));
    expect(writes.base(new URLSearchParams('driller=Ann')).toString()).toBe('driller=Ann');
  });
});
