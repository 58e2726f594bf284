import { useLocation, useNavigate } from 'react-router';
import { IdentityTab } from './identity-tab.tsx';
import { useProfileId } from '../../individual-profiles/index.ts';

/** The Identity tab: the profile's government photo IDs; identity/create opens the 'Add ID' modal. */
export function ProfileIdentityTab() {
  const id = useProfileId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const creating = /\/identity\/create\/?$/.test(pathname);
  const identityPath = pathname.replace(/\/create\/?$/, '');
  return (
    <IdentityTab
      key={id}
      individualProfileId={id}
      initialOpen={creating}
      onDialogChange={(open) => void navigate(open ? `${identityPath}/create` : identityPath, { replace: !open })}
    />
  );
}
