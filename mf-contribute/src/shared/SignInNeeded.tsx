import { Link } from '@platform/router';
import { Button, EmptyState } from '@platform/ui';

/** Shown instead of a screen's content when the API answers 401: contributing needs an account. */
export function SignInNeeded({ what }: { what: string }) {
  return (
    <EmptyState
      headingLevel={2}
      title={`Sign in to ${what}`}
      description="Contributions are linked to your account, so you need to be signed in."
      action={
        <Button as={Link} to="/signin">
          Sign in
        </Button>
      }
    />
  );
}
