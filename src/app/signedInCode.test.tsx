import { act, render, screen } from '@testing-library/react';
import { loadSignedInCode, signedInPageOf, useSignedInCodeLoading } from './signedInCode';

function Probe() {
  return <p>{useSignedInCodeLoading() ? 'loading' : 'ready'}</p>;
}

it('finds the signed-in page of an address, under a base path too', () => {
  const pages: [string, string][] = [
    ['/dashboard', 'dashboard'],
    ['/passwords/trash', 'trash'],
    ['/passwords', 'passwords'],
  ];
  expect(signedInPageOf(pages, '/passwords')).toBe('passwords');
  expect(signedInPageOf(pages, '/vault/passwords/trash/')).toBe('trash');
  expect(signedInPageOf(pages, '/vault/dashboard')).toBe('dashboard');
  expect(signedInPageOf(pages, '/login')).toBeUndefined();
});

it('says the signed-in code is loading from the start of its load until it has all arrived', async () => {
  render(<Probe />);
  expect(screen.getByText('ready')).toBeInTheDocument();
  let loaded: Promise<void> = Promise.resolve();
  act(() => {
    loaded = loadSignedInCode('/passwords/trash');
  });
  expect(screen.getByText('loading')).toBeInTheDocument();
  await act(() => loaded);
  expect(screen.getByText('ready')).toBeInTheDocument();
});
