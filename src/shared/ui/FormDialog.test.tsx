import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FormChanges, FormDialog } from './FormDialog';

function Example({ locked = false }: { locked?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <FormDialog open={open} onClose={() => setOpen(false)} titleId="example-title" locked={locked}>
        <Formik initialValues={{ note: '' }} onSubmit={() => undefined}>
          {({ values, dirty, handleChange }) => (
            <Form>
              <FormChanges dirty={dirty} />
              <h2 id="example-title">Note</h2>
              <label>
                Text
                <input name="note" value={values.note} onChange={handleChange} />
              </label>
            </Form>
          )}
        </Formik>
      </FormDialog>
    </>
  );
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return screen.findByRole('dialog', { name: 'Note' });
}

test('Escape closes an unchanged form at once and asks about a changed one', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Example />);
  await open(user);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  const dialog = await open(user);
  await user.type(within(dialog).getByLabelText('Text'), 'draft');
  await user.keyboard('{Escape}');
  const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
  // Escape on the question keeps editing, as Keep editing does.
  await user.keyboard('{Escape}');
  await waitFor(() => expect(question).not.toBeInTheDocument());
  expect(within(dialog).getByLabelText('Text')).toHaveValue('draft');
  await user.keyboard('{Escape}');
  await user.click(await screen.findByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a locked dialog ignores Escape, changed or not', async () => {
  const user = userEvent.setup();
  renderWithProviders(<Example locked />);
  const dialog = await open(user);
  await user.keyboard('{Escape}');
  await user.type(within(dialog).getByLabelText('Text'), 'x');
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog', { name: 'Note' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
});
