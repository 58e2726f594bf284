import { SessionCountdown } from '../../features/auth/index.ts';
import { ModeSwitch } from '../../features/raise/index.ts';
import { useSessionSocket } from '../../lib/session/use-session-socket.ts';
import { UserMenu } from './user-menu.tsx';

/**
 * The top bar's controls for a signed-in user, loaded apart so the sign-in page does not carry them; with them the
 * real-time socket that signs this browser out when its session ends elsewhere.
 */
export function SignedInControls() {
  useSessionSocket();
  return (
    <>
      <ModeSwitch />
      <SessionCountdown />
      <UserMenu />
    </>
  );
}
