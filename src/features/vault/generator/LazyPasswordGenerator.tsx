// The generator panel is loaded when it is first shown: with it comes the EFF word list (about 25 kB gzipped), which
// the Passwords page does not need until someone opens the generator.
import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { PasswordGeneratorProps } from './PasswordGenerator';

export const loadPasswordGenerator = () => import('./PasswordGenerator');
const Panel = lazy(loadPasswordGenerator);

export function PasswordGenerator(props: PasswordGeneratorProps) {
  return (
    <Suspense
      fallback={<Skeleton variant="rounded" height={360} aria-label="Loading the password generator" />}
    >
      <Panel {...props} />
    </Suspense>
  );
}
