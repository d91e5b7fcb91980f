import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';

/** The way on from a login form: "Register an Account" and "Forgot your password?" (spec part 1 §2). */
export function LoginLinks() {
  return (
    <Group gap="lg">
      <Anchor component={Link} to="/register">
        Register an Account
      </Anchor>
      <Anchor component={Link} to="/forgot-password">
        Forgot your password?
      </Anchor>
    </Group>
  );
}
