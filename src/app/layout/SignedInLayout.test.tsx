import { act, screen, waitFor, within } from '@testing-library/react';
import { setViewportWidth } from '../../test/media';
import { renderApp } from '../../test/renderApp';

function drawer() {
  return screen.queryByRole('navigation', { name: 'Sidebar' });
}

describe('at 768 px and wider', () => {
  test('a fixed sidebar with the product name, the three pages and the Security Score card', async () => {
    setViewportWidth(1280);
    renderApp('/passwords', { session: 'signedIn' });
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByText('PassVault')).toBeInTheDocument();
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Passwords', '/passwords'],
      ['Settings', '/settings'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Passwords' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByText('Security Score')).toBeInTheDocument();
    expect(within(sidebar).getByText('Excellent')).toBeInTheDocument();
    expect(within(sidebar).getByRole('progressbar', { name: 'Security score: Excellent' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).not.toBeInTheDocument();
  });
});

describe('below 768 px', () => {
  beforeEach(() => setViewportWidth(375));

  test('a drawer opens from its toggle and closes on Escape', async () => {
    const { user } = renderApp('/dashboard', { session: 'signedIn' });
    const toggle = await screen.findByRole('button', { name: 'Open navigation menu' });
    expect(drawer()).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(await screen.findByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByText('Excellent')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
  });

  test('a link click closes the drawer and opens the page', async () => {
    const { user, router } = renderApp('/dashboard', { session: 'signedIn' });
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Sidebar' });
    await user.click(within(sidebar).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    await waitFor(() => expect(drawer()).not.toBeInTheDocument());
  });

  test('the drawer closes when the window grows to 768 px, where the sidebar takes over', async () => {
    const { user } = renderApp('/dashboard', { session: 'signedIn' });
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    expect(await screen.findByRole('presentation')).toBeInTheDocument();
    act(() => setViewportWidth(768));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Sidebar' })).toBeInTheDocument();
    act(() => setViewportWidth(500));
    expect(drawer()).not.toBeInTheDocument();
  });
});
