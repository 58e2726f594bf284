import { SessionCountdown } from '../../features/auth/index.ts';
import { ModeSwitch } from '../../features/raise/index.ts';
import { UserMenu } from './user-menu.tsx';

/** The top bar's controls for a signed-in user, loaded apart so the sign-in page does not carry them. */
export function SignedInControls() {
  return (
    <>
      <ModeSwitch />
      <SessionCountdown />
      <UserMenu />
    </>
  );
}
