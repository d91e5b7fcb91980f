import { Center, Loader } from '@mantine/core';

/** The loading state of a screen whose data or code is still on its way. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
