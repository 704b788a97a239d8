import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeVault, makeEntry, type FakeVault } from '../../test/fakeVaultServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { AppStore } from '../../app/store';
import PasswordsPage from './PasswordsPage';
import { WINDOW_FAILED_TEXT } from './ListErrorState';
import { vaultApi } from './vaultApi';
import { cardRowHeight } from './list/entryLayout';

const ENTRIES = 250;
/** A row of cards is as tall as its cards (these have no optional line); rows are 16 px apart. */
const ROW_HEIGHT = cardRowHeight([]);
const ROW_PITCH = ROW_HEIGHT + 16;

// jsdom lays nothing out. In a browser boxes move up as the window scrolls: say so. The window (768 px
// high, one card wide in jsdom) then shows the first rows; the list renders two more each way.
beforeAll(() => {
  jest
    .spyOn(Element.prototype, 'getBoundingClientRect')
    .mockImplementation(() => new DOMRect(0, -window.scrollY, 0, 0));
});
afterAll(() => jest.restoreAllMocks());
afterEach(() => Object.assign(window, { scrollY: 0 }));

/** Scroll the window so that this row of cards (one card each in jsdom) is at the top, and let it settle. */
async function scrollToRow(row: number) {
  await act(async () => {
    Object.assign(window, { scrollY: row * ROW_PITCH });
    window.dispatchEvent(new Event('scroll'));
    // The virtualiser notices the end of a scroll after 150 ms without scroll events.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
}

const listCalls = (vault: FakeVault) => vault.calls.filter((call) => call.route === 'GET /passwords');
const cachedWindow = (store: AppStore, index: number) =>
  vaultApi.endpoints.getPasswordWindow.select({ filters: {}, index })(store.getState()).data;
const positionOf = (title: string) =>
  screen.getByRole('article', { name: title }).closest('[role="listitem"]')?.getAttribute('aria-posinset');

/**
 * Watches for the card titled `title`: answers a function that stops watching and tells how many items
 * were in the DOM when that card first came into it (what the paint that showed it held).
 */
function itemsWhenShown(title: string): () => number | null {
  let items: number | null = null;
  const observer = new MutationObserver(() => {
    if (items === null && screen.queryByRole('article', { name: title })) {
      items = screen.getAllByRole('listitem').length;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    return items;
  };
}

describe('PasswordsPage in windows', () => {
  let vault: FakeVault;

  beforeEach(() => {
    // Created one after another: "Site 250" is the newest, so the first card.
    vault = installFakeVault(
      Array.from({ length: ENTRIES }, (_, index) => makeEntry({ title: `Site ${index + 1}` })),
    );
  });

  it('paints the first window, counts the whole vault and lays out rows for all of it', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    expect(await screen.findByRole('article', { name: 'Site 250' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('250 passwords');

    const [first] = listCalls(vault);
    expect(listCalls(vault)).toHaveLength(1);
    expect(first.query.get('limit')).toBe('100');
    expect(first.query.has('cursor')).toBe(false);

    // A small DOM: the rows near the viewport only, each item placed in the whole list.
    const items = screen.getAllByRole('listitem');
    expect(items.length).toBeLessThanOrEqual(8);
    expect(items[0]).toHaveAttribute('aria-setsize', '250');
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    const list = screen.getByRole('list', { name: 'Passwords' });
    expect(Number.parseFloat((list.firstElementChild as HTMLElement).style.height)).toBe(
      ENTRIES * ROW_PITCH - 16,
    );
  });

  it('paints the rows in view first and the rows just beyond them right after', async () => {
    // What the first paint holds: the items when the first card came into the DOM.
    const firstCardShown = itemsWhenShown('Site 250');
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });

    const inView = Math.ceil(window.innerHeight / ROW_PITCH);
    expect(firstCardShown()).toBe(inView);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(inView + 2));
    expect(listCalls(vault)).toHaveLength(1);
  });

  it("paints another search's results in view first, and keeps the rows beyond when a later window comes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    const inView = Math.ceil(window.innerHeight / ROW_PITCH);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(inView + 2));

    // "Site 1" matches 111 entries, newest first: Site 199 ... Site 100, Site 19 ... Site 10, Site 1.
    const searchShown = itemsWhenShown('Site 199');
    await user.type(screen.getByPlaceholderText('Search passwords, websites, usernames...'), 'Site 1');
    expect(await screen.findByRole('article', { name: 'Site 199' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('111 passwords');
    expect(searchShown()).toBe(inView);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(inView + 2));

    // The second window (from position 101: Site 19) adds to this list: the rows beyond stay.
    const windowShown = itemsWhenShown('Site 19');
    await scrollToRow(100);
    expect(await screen.findByRole('article', { name: 'Site 19' })).toBeInTheDocument();
    const settled = screen.getAllByRole('listitem').length;
    expect(settled).toBe(inView + 4);
    expect(windowShown()).toBe(settled);
  });

  it('shows placeholders where the entries have not arrived, and fetches the next window where the last ended', async () => {
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });

    // Row 120 is in the second window, not here yet.
    const release = vault.hold('GET /passwords');
    await scrollToRow(120);
    const placeholders = screen.getAllByTestId('card-placeholder');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const placeholder of placeholders) {
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder).not.toHaveAttribute('tabindex');
      expect(within(placeholder).queryByRole('button')).not.toBeInTheDocument();
    }
    expect(screen.getByRole('list', { name: 'Passwords' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('250 passwords');
    expect(screen.queryByLabelText('Updating the list')).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('article', { name: 'Site 130' })).toBeInTheDocument();
    expect(positionOf('Site 130')).toBe('121');
    expect(screen.queryAllByTestId('card-placeholder')).toHaveLength(0);
    // Reading on from the first window: the second starts where it ended (its cursor).
    const [, second] = listCalls(vault);
    expect(second.query.get('limit')).toBe('100');
    expect(second.query.get('cursor')).toBe(cachedWindow(store, 0)?.nextCursor);
    expect(second.query.has('offset')).toBe(false);
    expect(screen.getByRole('list', { name: 'Passwords' })).toHaveAttribute('aria-busy', 'false');

    // The end of the vault: the third, last window; nothing is asked for after it.
    await scrollToRow(ENTRIES - 3);
    expect(await screen.findByRole('article', { name: 'Site 1' })).toBeInTheDocument();
    expect(positionOf('Site 1')).toBe('250');
    expect(listCalls(vault)[2].query.get('cursor')).toBe(cachedWindow(store, 1)?.nextCursor);
    expect(cachedWindow(store, 2)?.nextCursor).toBeNull();
    await scrollToRow(ENTRIES - 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(vault)).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('250 passwords');
  });

  it('a search made far down the list asks for its own first window before any other', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    await scrollToRow(120);
    await screen.findByRole('article', { name: 'Site 130' });

    const release = vault.hold('GET /passwords');
    await user.type(screen.getByPlaceholderText('Search passwords, websites, usernames...'), 'Site 1');
    // The debounce, the 150 ms the page waits for the answer before showing the new filters, and more.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    const searches = listCalls(vault).filter((call) => call.query.get('search') === 'Site 1');
    expect(searches).toHaveLength(1);
    expect(searches[0].query.has('offset')).toBe(false);
    expect(searches[0].query.has('cursor')).toBe(false);
    release();
    expect(await screen.findByText('111 passwords')).toBeInTheDocument();
  });

  it('does not fetch another window while the rendered rows are far from its entries', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    await scrollToRow(20);
    expect(await screen.findByRole('article', { name: 'Site 230' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(vault)).toHaveLength(1);
  });

  it('says so when a later window fails, keeps the list, and asks again when the user scrolls on', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });

    await scrollToRow(120);
    expect(await screen.findByText('Failed to fetch passwords')).toBeInTheDocument();
    expect(screen.queryByText('No passwords found')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('250 passwords');
    expect(screen.getAllByTestId('card-placeholder').length).toBeGreaterThan(0);
    // No retry loop: the failed window is asked for again only when the user moves.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listCalls(vault)).toHaveLength(2);

    vault.fail.delete('GET /passwords');
    await scrollToRow(122);
    expect(await screen.findByRole('article', { name: 'Site 128' })).toBeInTheDocument();
    expect(listCalls(vault)).toHaveLength(3);
    await scrollToRow(0);
    expect(await screen.findByRole('article', { name: 'Site 250' })).toBeInTheDocument();
  });

  it('keeps saying so, with Retry, after the toast has gone, until the failed window arrives', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });

    await scrollToRow(120);
    const notice = await screen.findByText(WINDOW_FAILED_TEXT);
    // The toast said it once; dismissed, it does not come back each time the window fails again.
    await user.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByText('Failed to fetch passwords')).not.toBeInTheDocument());
    await scrollToRow(121);
    await waitFor(() => expect(listCalls(vault).length).toBeGreaterThanOrEqual(3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Failed to fetch passwords')).not.toBeInTheDocument();
    // Asked again and failing again: the notice stays as it was, and Retry asks once more.
    const retry = within(notice.closest('[role="alert"]') as HTMLElement).getByRole('button', {
      name: 'Retry',
    });
    await user.click(retry);
    await waitFor(() => expect(listCalls(vault).length).toBeGreaterThanOrEqual(4));
    expect(screen.getByText(WINDOW_FAILED_TEXT)).toBeInTheDocument();

    vault.fail.delete('GET /passwords');
    await user.click(retry);
    expect(await screen.findByRole('article', { name: 'Site 128' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(WINDOW_FAILED_TEXT)).not.toBeInTheDocument());
    expect(screen.queryAllByTestId('card-placeholder')).toHaveLength(0);
  });

  it('shows one toast while the same window keeps failing as the user scrolls on (offline)', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    vault.fail.set('GET /passwords', { status: 500, message: 'Database down' });

    await scrollToRow(120);
    await screen.findByText('Failed to fetch passwords');
    await scrollToRow(121);
    await scrollToRow(122);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listCalls(vault).length).toBeGreaterThan(2);
    expect(screen.getAllByText('Failed to fetch passwords')).toHaveLength(1);
  });

  it('refetches the windows in view after a change to the vault, keeping the cards shown meanwhile', async () => {
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    await scrollToRow(120);
    await screen.findByRole('article', { name: 'Site 130' });
    expect(listCalls(vault)).toHaveLength(2);

    // Site 128 is at position 123, in the second window.
    const release = vault.hold('GET /passwords');
    const site128 = vault.entries[127];
    await act(async () => {
      await store
        .dispatch(vaultApi.endpoints.toggleFavorite.initiate(site128._id, { track: false }))
        .unwrap();
    });
    expect(await screen.findByLabelText('Updating the list')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Site 128' })).getByText('Favorite'),
    ).toBeInTheDocument();
    expect(screen.queryAllByTestId('card-placeholder')).toHaveLength(0);

    // Both windows come again, each from its place (the first's cursor is about to change).
    release();
    await waitFor(() => expect(listCalls(vault)).toHaveLength(4));
    await waitFor(() => expect(screen.queryByLabelText('Updating the list')).not.toBeInTheDocument());
    const places = listCalls(vault)
      .slice(2)
      .map((call) => call.query.get('offset'))
      .sort();
    expect(places).toEqual(['100', null].sort());
    expect(
      within(screen.getByRole('article', { name: 'Site 128' })).getByText('Favorite'),
    ).toBeInTheDocument();
    expect(vault.entries[127].isFavorite).toBe(true);

    // Back at the top, the second window is out of view: a change refetches the first alone.
    await scrollToRow(0);
    await act(async () => {
      await store
        .dispatch(vaultApi.endpoints.toggleFavorite.initiate(site128._id, { track: false }))
        .unwrap();
    });
    await waitFor(() => expect(listCalls(vault)).toHaveLength(5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(vault)).toHaveLength(5);
    expect(listCalls(vault)[4].query.has('offset')).toBe(false);
  });

  it('asks again for the windows in view when they counted different vaults (a change made elsewhere)', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Site 250' });
    // Another device adds an entry: this tab is not told.
    vault.entries.push(makeEntry({ title: 'Site 251' }));

    await scrollToRow(120);
    // The second window counted 251; the first, 250: both are asked for again, and agree.
    expect(await screen.findByText('251 passwords')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(vault)).toHaveLength(4));
    await scrollToRow(0);
    expect(await screen.findByRole('article', { name: 'Site 251' })).toBeInTheDocument();
  });
});

describe('PasswordsPage in windows, far down a large vault', () => {
  const LARGE = 1000;
  let vault: FakeVault;
  let scrollBy: jest.SpyInstance;

  beforeEach(() => {
    // Every card shows a TOTP line: 32 px taller than a placeholder.
    vault = installFakeVault(
      Array.from({ length: LARGE }, (_, index) =>
        makeEntry({ title: `Site ${index + 1}`, totp: 'JBSWY3DPEHPK3PXP' }),
      ),
    );
    // As a browser does (jsdom does not): scrolling moves the window and says so.
    scrollBy = jest.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
      Object.assign(window, { scrollY: window.scrollY + (options.top ?? 0) });
      window.dispatchEvent(new Event('scroll'));
    }) as typeof window.scrollBy);
  });
  afterEach(() => scrollBy.mockRestore());

  const TALL_PITCH = cardRowHeight([{ ...makeEntry(), hasTotp: true, fields: [] }]) + 16;

  it('fetches the windows where a jump lands, not the ones it passed, and keeps the reader there', async () => {
    renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: `Site ${LARGE}` });

    // Row 900 (Site 100): the first window's rows are tall, the others placeholders until they arrive.
    const jumpTo = 100 * TALL_PITCH + 800 * ROW_PITCH;
    await act(async () => {
      Object.assign(window, { scrollY: jumpTo });
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await screen.findByRole('article', { name: 'Site 100' })).toBeInTheDocument();
    const places = listCalls(vault).map((call) => call.query.get('offset'));
    expect(places).toEqual([null, '800', '900']);

    // Window 8 (rows 800-899) arrived above the reader, each row 32 px taller than its placeholder: the
    // page scrolled by as much, so Site 100 is still the first row in view.
    await waitFor(() => expect(window.scrollY).toBe(jumpTo + 100 * (TALL_PITCH - ROW_PITCH)));
    expect(positionOf('Site 100')).toBe('901');
  });

  it('asks for no window on the way when a jump pauses half-way and then runs on a window a frame', async () => {
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: `Site ${LARGE}` });
    const scrollTo = async (row: number, wait: number) =>
      act(async () => {
        Object.assign(window, { scrollY: 100 * TALL_PITCH + (row - 100) * ROW_PITCH });
        window.dispatchEvent(new Event('scroll'));
        await new Promise((resolve) => setTimeout(resolve, wait));
      });

    // A smooth scroll to the end on a busy machine: one frame comes late (the windows where the list
    // was then are asked for), and the animation runs on one window a frame until it stops.
    await scrollTo(200, 150);
    for (const row of [300, 400, 500, 600, 700]) await scrollTo(row, 16);
    await scrollTo(900, 300);

    // Where it stopped, its windows arrived and its cards show; of the windows it ran past, only those
    // where the late frame left it were asked for.
    await waitFor(() => expect(screen.queryAllByTestId('card-placeholder')).toHaveLength(0));
    const fetched = Array.from({ length: LARGE / 100 }, (_, index) => index).filter((index) =>
      cachedWindow(store, index),
    );
    expect(fetched).toEqual([0, 1, 2, 8, 9]);
    expect(listCalls(vault)).toHaveLength(5);
  });
});

describe('PasswordsPage, a list that fits in the window', () => {
  let scrollBy: jest.SpyInstance;
  beforeEach(() => {
    scrollBy = jest.spyOn(window, 'scrollBy').mockImplementation(((options: ScrollToOptions) => {
      Object.assign(window, { scrollY: window.scrollY + (options.top ?? 0) });
      window.dispatchEvent(new Event('scroll'));
    }) as typeof window.scrollBy);
  });
  afterEach(() => scrollBy.mockRestore());

  it('shows an entry added elsewhere at its top, without scrolling past it', async () => {
    // Two rows of 768 px: the whole list, its top and its end, is in view.
    const vault = installFakeVault([makeEntry({ title: 'Alpha' }), makeEntry({ title: 'Beta' })]);
    const { store } = renderWithProviders(<PasswordsPage />, { path: '/passwords' });
    await screen.findByRole('article', { name: 'Beta' });

    vault.entries.push(makeEntry({ title: 'Gamma' }));
    act(() => {
      store.dispatch(vaultApi.util.invalidateTags([{ type: 'Password', id: 'LIST' }]));
    });
    expect(await screen.findByRole('article', { name: 'Gamma' })).toBeInTheDocument();
    expect(positionOf('Gamma')).toBe('1');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(window.scrollY).toBe(0);
  });
});
