import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { lazyWithPreload } from './lazyWithPreload';

function Page() {
  return <p>The page</p>;
}

/** A module that arrives when the test says so, and counts how often it was asked for. */
function controlledModule() {
  const asked = { count: 0 };
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const importer = () => {
    asked.count += 1;
    return new Promise<{ default: typeof Page }>((resolve, reject) => {
      settle = { resolve: () => resolve({ default: Page }), reject };
    });
  };
  return { importer, asked, arrive: () => settle?.resolve(), fail: (error: Error) => settle?.reject(error) };
}

const fallbackShown = jest.fn();
function Fallback() {
  fallbackShown();
  return <p>Loading</p>;
}

beforeEach(() => fallbackShown.mockClear());

it('shows the fallback while a module that was not loaded yet arrives, then the component', async () => {
  const module = controlledModule();
  const LazyPage = lazyWithPreload(module.importer);
  render(
    <Suspense fallback={<Fallback />}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText('Loading')).toBeInTheDocument();
  await act(async () => module.arrive());
  expect(await screen.findByText('The page')).toBeInTheDocument();
});

it('renders a module loaded beforehand at once, without ever showing the fallback', async () => {
  const module = controlledModule();
  const LazyPage = lazyWithPreload(module.importer);
  const loaded = LazyPage.load();
  module.arrive();
  await loaded;
  render(
    <Suspense fallback={<Fallback />}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText('The page')).toBeInTheDocument();
  expect(fallbackShown).not.toHaveBeenCalled();
  // The render used the module the load fetched: it was asked for once.
  expect(module.asked.count).toBe(1);
});

it('asks for the module once however often it is loaded, and again after a failed download', async () => {
  const module = controlledModule();
  const LazyPage = lazyWithPreload(module.importer);
  const first = LazyPage.load();
  expect(LazyPage.load()).toBe(first);
  module.fail(new Error('offline'));
  await expect(first).rejects.toThrow('offline');
  const second = LazyPage.load();
  expect(module.asked.count).toBe(2);
  module.arrive();
  await expect(second).resolves.toEqual({ default: Page });
});
