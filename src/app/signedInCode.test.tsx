import { act, render, screen } from '@testing-library/react';
import { holdSignedInPaint, useSignedInPaintHeld } from './signedInCode';

function Probe() {
  return <p>{useSignedInPaintHeld() ? 'held' : 'free'}</p>;
}

it('holds the first signed-in paint until the page has settled and the signed-in code has loaded', async () => {
  render(<Probe />);
  expect(screen.getByText('free')).toBeInTheDocument();
  let arrive = () => {};
  const page = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  let released: Promise<void> = Promise.resolve();
  act(() => {
    released = holdSignedInPaint(page);
  });
  expect(screen.getByText('held')).toBeInTheDocument();
  arrive();
  await act(() => released);
  expect(screen.getByText('free')).toBeInTheDocument();
});

it('lets go when the page failed too: the page shows its own error then', async () => {
  render(<Probe />);
  let released: Promise<void> = Promise.resolve();
  act(() => {
    released = holdSignedInPaint(Promise.reject(new Error('offline')));
  });
  await act(() => released);
  expect(screen.getByText('free')).toBeInTheDocument();
});
