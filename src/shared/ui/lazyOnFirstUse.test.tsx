import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { UNREACHABLE } from '../api/errorText';
import { useCodeBeforeOpening } from './lazyOnFirstUse';

/** A button that opens "the dialog" once `load` says its code is there. */
function Opener({ load }: { load: () => Promise<unknown> }) {
  const codeReady = useCodeBeforeOpening(load);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={async () => setOpen(await codeReady())}>Open</button>
      {open && <p>The dialog</p>}
    </>
  );
}

function renderOpener(load: () => Promise<unknown>) {
  return render(
    <SnackbarProvider>
      <Opener load={load} />
    </SnackbarProvider>,
  );
}

it('opens at once when the code comes', async () => {
  const load = jest.fn(() => Promise.resolve({}));
  renderOpener(load);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByText('The dialog')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it('says the network is out of reach when the code does not come, opens nothing, and tries again on the next click', async () => {
  const load = jest
    .fn<Promise<unknown>, []>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue({});
  renderOpener(load);

  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByText(UNREACHABLE)).toBeInTheDocument();
  expect(screen.queryByText('The dialog')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(await screen.findByText('The dialog')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
